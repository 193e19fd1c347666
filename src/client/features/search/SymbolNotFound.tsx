import { Group, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { IconSearchOff } from '@tabler/icons-react';
import { isValidSymbol } from '../../../shared/market/symbols';
import { POPULAR_STOCKS } from '../../../shared/market/localStocks';
import { ALONE, useTRPC } from '../../lib/trpc';
import { STOCK_SEARCH_STALE_MS } from '../../../shared/market/constants';
import classes from './SymbolNotFound.module.css';

/** How many suggestions are offered. */
const MAX_SUGGESTIONS = 5;

interface Suggestion {
  symbol: string;
  name: string;
}

export interface SymbolNotFoundProps {
  symbol: string;
  /** The text cannot be a ticker (`$$%!`): said so, and the search runs on its letters and digits only. */
  notATicker?: boolean;
  /** Opens a suggested symbol. */
  onPick: (symbol: string) => void;
}

/**
 * An unknown ticker, said plainly (not an outage): "No stock found", then what the search finds for what was typed,
 * or well-known names when it finds nothing. Used by the trading page and /stock-search alike.
 */
export function SymbolNotFound({ symbol, notATicker = false, onPick }: SymbolNotFoundProps) {
  const query = notATicker ? symbol.replace(/[^A-Za-z0-9]+/g, ' ').trim() : symbol;
  const trpc = useTRPC();
  const search = useQuery(
    trpc.stocks.search.queryOptions(
      { q: query },
      { staleTime: STOCK_SEARCH_STALE_MS, enabled: query.length > 0, trpc: ALONE },
    ),
  );
  const found: Suggestion[] = (search.data ?? [])
    .filter((r) => r.symbol !== symbol && isValidSymbol(r.symbol))
    .slice(0, MAX_SUGGESTIONS)
    .map((r) => ({ symbol: r.symbol, name: r.name || r.shortname }));
  const searching = query.length > 0 && search.isPending;
  const fallback = !searching && found.length === 0;
  const suggestions = fallback
    ? POPULAR_STOCKS.slice(0, MAX_SUGGESTIONS).map((s) => ({ symbol: s.symbol, name: s.name }))
    : found;

  return (
    <Stack gap="sm" align="center" ta="center" maw={420} data-testid="symbol-not-found" role="status">
      <IconSearchOff size={28} stroke={1.5} aria-hidden />
      <Text fw={600}>{notATicker ? `"${symbol}" is not a ticker.` : `No stock found for "${symbol}".`}</Text>
      <Text size="sm" c="dimmed">
        {notATicker
          ? `Tickers are letters and digits, like AAPL or BRK.B. ${fallback ? 'Try one of these:' : 'Did you mean one of these?'}`
          : fallback
            ? 'Check the ticker, or try one of these:'
            : 'Did you mean one of these?'}
      </Text>
      {searching ? (
        <Skeleton height={72} width={300} radius="sm" />
      ) : (
        <Group gap="xs" justify="center" role="list" aria-label="Suggested stocks">
          {suggestions.map((s) => (
            <div role="listitem" key={s.symbol}>
              <UnstyledButton className={classes.suggestion} onClick={() => onPick(s.symbol)} data-symbol={s.symbol}>
                <Text size="sm" fw={700} span>
                  {s.symbol}
                </Text>
                <Text size="xs" c="dimmed" span truncate="end" className={classes.name}>
                  {s.name}
                </Text>
              </UnstyledButton>
            </div>
          ))}
        </Group>
      )}
    </Stack>
  );
}
