import { Button, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { formatPrice, formatSignedPercent } from '../../../../shared/format';
import type { Watchlist } from './useWatchlist';
import classes from './WatchlistList.module.css';

export interface WatchlistListProps {
  watchlist: Watchlist;
  activeSymbol: string;
  onSelect: (symbol: string) => void;
}

/** The popular stocks with live prices; a click opens the symbol. Used by the xl panel, the mobile sheet and drawer. */
export function WatchlistList({ watchlist, activeSymbol, onSelect }: WatchlistListProps) {
  if (watchlist.isError) {
    return (
      <Stack align="center" gap="xs" py="md" role="alert" data-testid="watchlist-error">
        <Text size="sm" fw={600}>
          Failed to load watchlist
        </Text>
        {/* product.md §2: Retry reloads the page. */}
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          onClick={() => window.location.reload()}
        >
          Retry
        </Button>
      </Stack>
    );
  }
  if (watchlist.isLoading) {
    return (
      <Stack gap={6} aria-busy="true" role="status" aria-label="Loading watchlist">
        {watchlist.symbols.map((s) => (
          <Skeleton key={s} height={40} radius="sm" />
        ))}
      </Stack>
    );
  }
  return (
    <ul className={classes.list} aria-label="Popular stocks">
      {watchlist.symbols.map((symbol) => {
        const quote = watchlist.quotes[symbol];
        const change = quote?.regularMarketChangePercent ?? 0;
        return (
          <li key={symbol}>
            <UnstyledButton
              className={classes.row}
              data-active={symbol === activeSymbol || undefined}
              data-symbol={symbol}
              aria-current={symbol === activeSymbol ? 'true' : undefined}
              onClick={() => onSelect(symbol)}
            >
              <div className={classes.name}>
                <Text size="sm" fw={700}>
                  {symbol}
                </Text>
                <Text size="xs" c="dimmed" truncate="end">
                  {quote?.shortName ?? ''}
                </Text>
              </div>
              <div className={classes.price}>
                <Text size="sm" fw={600} data-testid="watchlist-price">
                  {quote ? formatPrice(quote.regularMarketPrice) : '—'}
                </Text>
                <Text size="xs" c={change > 0 ? 'green' : change < 0 ? 'red' : 'dimmed'}>
                  {quote ? formatSignedPercent(change) : ''}
                </Text>
              </div>
            </UnstyledButton>
          </li>
        );
      })}
    </ul>
  );
}
