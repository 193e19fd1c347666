import { Anchor, Button, NativeSelect, Skeleton, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconRefresh } from '@tabler/icons-react';
import { Link } from '@tanstack/react-router';
import { formatPrice, formatSignedPercent } from '../../../shared/format';
import classes from '../trading/watchlist/WatchlistList.module.css';
import { useCurrentWatchlist } from './currentWatchlist';
import { useLiveWatchlist } from './useLiveWatchlist';
import { useShownRows } from './useShownRows';
import { useWatchlists } from './useWatchlists';

export interface UserWatchlistPanelProps {
  activeSymbol: string;
  onSelect: (symbol: string) => void;
}

/**
 * A signed-in user's lists in the trading page's panel and the phone's drawer and sheet (issue 30 §1): the list chosen
 * last (the same as /watchlists'), switchable, its rows live; a click charts the symbol. Loaded on demand, so the
 * trading page's first paint does not carry it.
 */
export default function UserWatchlistPanel({ activeSymbol, onSelect }: UserWatchlistPanelProps) {
  const lists = useWatchlists();
  const { current, choose } = useCurrentWatchlist(lists.data);
  const live = useLiveWatchlist(current?.id ?? null);
  const shown = useShownRows(live.detail, live.rows);

  if (lists.isLoadingError || live.status === 'error') {
    return (
      <Stack align="center" gap="xs" py="md" role="alert" data-testid="watchlist-error">
        <Text size="sm" fw={600}>
          Failed to load watchlist
        </Text>
        <Button
          size="xs"
          variant="light"
          leftSection={<IconRefresh size={14} />}
          onClick={() => (lists.isLoadingError ? void lists.refetch() : live.retry())}
        >
          Retry
        </Button>
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      {lists.data && lists.data.length > 0 && current && (
        <NativeSelect
          size="xs"
          aria-label="Watchlist"
          value={current.id}
          onChange={(e) => choose(e.currentTarget.value)}
          data={lists.data.map((l) => ({ value: l.id, label: `${l.name} (${l.symbols.length})` }))}
          data-testid="panel-watchlist-switcher"
        />
      )}
      {lists.data && lists.data.length === 0 && (
        <Text size="sm" c="dimmed">
          You have no watchlists.
        </Text>
      )}
      {(lists.isPending || (current && live.status === 'loading')) && (
        <Stack gap={6} role="status" aria-busy="true" aria-label="Loading watchlist">
          {(current?.symbols ?? ['a', 'b', 'c', 'd']).slice(0, 12).map((s) => (
            <Skeleton key={s} height={40} radius="sm" />
          ))}
        </Stack>
      )}
      {live.detail && live.detail.symbols.length === 0 && (
        <Text size="sm" c="dimmed">
          This list is empty: add the chart's symbol with “Add to watchlist”.
        </Text>
      )}
      {live.detail && shown.rows.length > 0 && (
        <ul className={classes.list} aria-label={live.detail.name}>
          {shown.rows.map((row) => (
            <li key={row.symbol}>
              <UnstyledButton
                className={classes.row}
                data-active={row.symbol === activeSymbol || undefined}
                data-symbol={row.symbol}
                aria-current={row.symbol === activeSymbol ? 'true' : undefined}
                onClick={() => onSelect(row.symbol)}
              >
                <div className={classes.name}>
                  <Text size="sm" fw={700}>
                    {row.symbol}
                  </Text>
                  <Text size="xs" c="dimmed" truncate="end">
                    {row.name}
                  </Text>
                </div>
                <div className={classes.price}>
                  <Text size="sm" fw={600} data-testid="watchlist-price">
                    {formatPrice(row.price)}
                  </Text>
                  <Text
                    size="xs"
                    c={(row.changePercent ?? 0) > 0 ? 'green' : (row.changePercent ?? 0) < 0 ? 'red' : 'dimmed'}
                  >
                    {formatSignedPercent(row.changePercent)}
                  </Text>
                </div>
              </UnstyledButton>
            </li>
          ))}
        </ul>
      )}
      <Anchor component={Link} to="/watchlists" size="xs" px="xs">
        Manage watchlists
      </Anchor>
    </Stack>
  );
}
