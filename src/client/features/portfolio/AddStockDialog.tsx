import { Modal, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import { formatPrice } from '../../../shared/format';
import { ADD_STOCK_MIN_QUERY_LENGTH } from '../../../shared/portfolio/limits';
import { DialogActions } from '../../components/DialogActions';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { StockSearch } from '../search/StockSearch';
import { PositionFields, positionErrors } from './holdings/PositionFields';
import { PurchaseDateField, purchaseDateError } from './holdings/PurchaseDateField';
import { useRefreshPortfolio } from './usePortfolioData';

interface Props {
  portfolioId: string;
  opened: boolean;
  onClose: () => void;
}

/**
 * Add Stock (product.md §5): symbol from the shared stock search (starting above 2 characters) or typed,
 * upper-cased on submit; quantity and average price (step 0.01), all required; the purchase date optional (issue 27:
 * without it the shares come in at today's market value, decision 022). The same rules as the server
 * check the numbers as you type; the server values the holding and merges a symbol already held.
 */
export function AddStockDialog({ portfolioId, opened, onClose }: Props) {
  const trpc = useTRPC();
  const refresh = useRefreshPortfolio();
  const [symbol, setSymbol] = useState('');
  const [quantity, setQuantity] = useState('');
  const [averagePrice, setAveragePrice] = useState('');
  const [purchaseDate, setPurchaseDate] = useState('');
  const [touched, setTouched] = useState(false);

  const picked = symbol.trim().toUpperCase();
  const quote = useQuery(
    trpc.stocks.quote.queryOptions({ symbol: picked }, { enabled: opened && picked.length > 0, staleTime: 30_000 }),
  );
  // A picked stock's current price is the likeliest average price for a fresh purchase. Only into an empty field,
  // judged on the latest state: a price typed while the quote was on its way must win.
  // Adjusted while rendering when a new quote arrives (React's pattern for state that follows other data).
  const [seenQuote, setSeenQuote] = useState<typeof quote.data>(undefined);
  if (quote.data !== seenQuote) {
    setSeenQuote(quote.data);
    if (quote.data && averagePrice === '') setAveragePrice(quote.data.regularMarketPrice.toFixed(2));
  }

  const add = useMutation(
    trpc.portfolios.addHolding.mutationOptions({
      onSuccess: async () => {
        void toast({ title: 'Stock added successfully!' });
        await refresh(portfolioId);
        reset();
        onClose();
      },
      onError: (error) =>
        toast({ title: 'Failed to add stock', description: errorBodyOf(error).message, variant: 'destructive' }),
    }),
  );

  function reset() {
    setSymbol('');
    setQuantity('');
    setAveragePrice('');
    setPurchaseDate('');
    setTouched(false);
  }

  const symbolError = touched && !picked ? 'Symbol is required' : null;
  const complete = picked !== '' && quantity.trim() !== '' && averagePrice.trim() !== '';

  function cancel() {
    reset();
    onClose();
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    const errors = positionErrors(quantity, averagePrice);
    const valid = picked && !errors.quantity && !errors.averagePrice && !purchaseDateError(purchaseDate, false);
    if (!valid || add.isPending) return;
    add.mutate({ id: portfolioId, symbol: picked, quantity, averagePrice, purchaseDate: purchaseDate || null });
  }

  return (
    <Modal opened={opened} onClose={cancel} title="Add Stock" centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <div>
            <Text size="sm" fw={500} mb={4}>
              Find a stock
            </Text>
            <StockSearch
              ariaLabel="Search a stock to add"
              placeholder="Type 3+ letters, e.g. APP"
              minQueryLength={ADD_STOCK_MIN_QUERY_LENGTH}
              onSelect={(s) => {
                setSymbol(s);
                setAveragePrice('');
              }}
            />
          </div>
          <TextInput
            label="Symbol"
            required
            value={symbol}
            onChange={(e) => setSymbol(e.currentTarget.value)}
            error={symbolError}
            autoComplete="off"
            spellCheck={false}
            styles={{ input: { textTransform: 'uppercase' } }}
            description={
              quote.data
                ? `${quote.data.shortName || quote.data.longName} · current price ${formatPrice(quote.data.regularMarketPrice)}`
                : quote.isError && picked
                  ? 'No stock found for this symbol'
                  : undefined
            }
          />
          <PositionFields
            quantity={quantity}
            averagePrice={averagePrice}
            onQuantity={setQuantity}
            onAveragePrice={setAveragePrice}
            showErrors={touched}
          />
          <PurchaseDateField value={purchaseDate} onChange={setPurchaseDate} showError={touched} />
          <DialogActions onCancel={cancel} disabled={!complete} loading={add.isPending}>
            Add Stock
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
