import { Button, Menu, VisuallyHidden } from '@mantine/core';
import { IconCheck, IconPlaylistAdd, IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { MAX_WATCHLISTS_PER_USER } from '../../../shared/watchlists/limits';
import { useCurrentWatchlist } from './currentWatchlist';
import { useWatchlistActions, useWatchlists } from './useWatchlists';
import { WatchlistNameDialog } from './WatchlistNameDialog';

/**
 * "Add to watchlist" on the chart header and the stock page (issue 30 §1): every list, ticked where the symbol is
 * (a click adds or removes it), and a new list made with the symbol in it. The server's limits come back as toasts.
 */
export default function AddToWatchlistMenu({ symbol }: { symbol: string }) {
  const lists = useWatchlists();
  const actions = useWatchlistActions();
  const { choose } = useCurrentWatchlist(lists.data);
  const [creating, setCreating] = useState(false);
  const inAny = lists.data?.some((l) => l.symbols.includes(symbol)) ?? false;

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" width={240}>
        <Menu.Target>
          <Button
            variant={inAny ? 'light' : 'default'}
            size="xs"
            leftSection={<IconPlaylistAdd size={16} aria-hidden />}
            data-testid="add-to-watchlist"
          >
            {inAny ? 'In watchlist' : 'Add to watchlist'}
          </Button>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>{symbol} in your lists</Menu.Label>
          {lists.isPending && <Menu.Item disabled>Loading your lists…</Menu.Item>}
          {lists.isLoadingError && (
            <Menu.Item closeMenuOnClick={false} onClick={() => void lists.refetch()}>
              Could not load your lists. Retry
            </Menu.Item>
          )}
          {lists.data?.map((list) => {
            const listed = list.symbols.includes(symbol);
            return (
              <Menu.Item
                key={list.id}
                leftSection={listed ? <IconCheck size={14} aria-hidden /> : <span style={{ width: 14 }} />}
                onClick={() =>
                  listed
                    ? actions.removeSymbol.mutate({ id: list.id, symbol })
                    : actions.addSymbol.mutate({ id: list.id, symbol })
                }
              >
                {list.name}
                {listed && <VisuallyHidden> (has {symbol}: remove it)</VisuallyHidden>}
              </Menu.Item>
            );
          })}
          <Menu.Divider />
          <Menu.Item
            leftSection={<IconPlus size={14} aria-hidden />}
            disabled={(lists.data?.length ?? 0) >= MAX_WATCHLISTS_PER_USER}
            onClick={() => setCreating(true)}
          >
            New list with {symbol}
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      <WatchlistNameDialog
        opened={creating}
        title={`New watchlist with ${symbol}`}
        submitLabel="Create list"
        pending={actions.create.isPending}
        onClose={() => setCreating(false)}
        onSubmit={(name) =>
          actions.create.mutate(
            { name, symbols: [symbol] },
            {
              onSuccess: (list) => {
                choose(list.id);
                setCreating(false);
              },
            },
          )
        }
      />
    </>
  );
}
