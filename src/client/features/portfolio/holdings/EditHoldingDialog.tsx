import { Modal, Stack, Text } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { useState, type FormEvent } from 'react';
import type { ValuedHolding } from '../../../../shared/portfolio/types';
import { DialogActions } from '../../../components/DialogActions';
import { errorBodyOf } from '../../../lib/errors';
import { toast } from '../../../lib/toast';
import { useTRPC } from '../../../lib/trpc';
import { useKeptWhileClosing } from '../../../lib/useKeptWhileClosing';
import { useRefreshPortfolio } from '../usePortfolioData';
import { PositionFields, positionErrors } from './PositionFields';

interface Props {
  portfolioId: string;
  /** The holding being edited; null keeps the dialog closed. */
  holding: ValuedHolding | null;
  onClose: () => void;
}

/** Corrects a holding's quantity and average price; the values typed replace the old ones (nothing is merged). */
export function EditHoldingDialog({ portfolioId, holding, onClose }: Props) {
  const trpc = useTRPC();
  const refresh = useRefreshPortfolio();
  const [quantity, setQuantity] = useState('');
  const [averagePrice, setAveragePrice] = useState('');
  const [touched, setTouched] = useState(false);
  const shown = useKeptWhileClosing(holding);

  // A holding to edit fills the form (adjusted while rendering, React's pattern for state that follows a prop).
  const [seenHolding, setSeenHolding] = useState<typeof holding | null>(null);
  if (holding !== seenHolding) {
    setSeenHolding(holding);
    if (holding) {
      setQuantity(holding.quantity);
      setAveragePrice(holding.averagePrice);
      setTouched(false);
    }
  }

  const save = useMutation(
    trpc.portfolios.editHolding.mutationOptions({
      onSuccess: async (saved) => {
        void toast({ title: `${saved.symbol} updated` });
        await refresh(portfolioId);
        onClose();
      },
      onError: (error) =>
        toast({
          title: 'Failed to update holding',
          description: errorBodyOf(error).message,
          variant: 'destructive',
        }),
    }),
  );

  function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    const errors = positionErrors(quantity, averagePrice);
    if (!holding || errors.quantity || errors.averagePrice || save.isPending) return;
    save.mutate({
      id: portfolioId,
      holdingId: holding.id,
      quantity,
      averagePrice,
    });
  }

  return (
    <Modal opened={holding !== null} onClose={onClose} title={shown ? `Edit ${shown.symbol}` : 'Edit holding'} centered>
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Text size="sm" c="dimmed">
            The quantity and average price you enter replace the current ones.
          </Text>
          <PositionFields
            quantity={quantity}
            averagePrice={averagePrice}
            onQuantity={setQuantity}
            onAveragePrice={setAveragePrice}
            showErrors={touched}
          />
          <DialogActions onCancel={onClose} loading={save.isPending}>
            Save
          </DialogActions>
        </Stack>
      </form>
    </Modal>
  );
}
