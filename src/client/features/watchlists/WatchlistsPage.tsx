import { Button, Group, Paper, Select, Skeleton, Stack, Text } from '@mantine/core';
import { IconEdit, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import type { Watchlist } from '../../../shared/watchlists/types';
import { LoadFailed } from '../../components/LoadFailed';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../lib/usePageTitle';
import { StockSearch } from '../search/StockSearch';
import { FIGURE_COLUMNS, type SortState } from './columns';
import { useCurrentWatchlist } from './currentWatchlist';
import { DeleteWatchlistDialog } from './DeleteWatchlistDialog';
import { useLiveWatchlist } from './useLiveWatchlist';
import { useShownRows } from './useShownRows';
import { useWatchlistActions, useWatchlists } from './useWatchlists';
import { WatchlistNameDialog } from './WatchlistNameDialog';
import { WatchlistTable } from './WatchlistTable';

/** /watchlists (issue 30 §1): the user's named lists, one at a time, live, sortable, reordered by drag or keys. */
export function WatchlistsPage() {
  usePageTitle('Watchlists');
  const lists = useWatchlists();
  const { current, choose } = useCurrentWatchlist(lists.data);
  const actions = useWatchlistActions();
  const [dialog, setDialog] = useState<'create' | 'rename' | null>(null);
  const [deleting, setDeleting] = useState<Watchlist | null>(null);

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <PageHeader
          title="Watchlists"
          subtitle="Your own lists of stocks with live prices and the figures to sort by."
        />
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setDialog('create')}>
          New list
        </Button>
      </Group>

      {lists.isPending && <Skeleton height={320} radius="md" role="status" aria-label="Loading your watchlists" />}
      {lists.isLoadingError && <LoadFailed what="your watchlists" onRetry={() => void lists.refetch()} />}
      {lists.data && lists.data.length === 0 && (
        <Paper withBorder radius="md" p="xl" data-testid="watchlists-empty">
          <Stack align="center" gap="sm">
            <Text fw={600}>No watchlists yet</Text>
            <Text size="sm" c="dimmed">
              Make a list of the stocks you follow: their prices update live.
            </Text>
            <Button onClick={() => setDialog('create')}>Create a list</Button>
          </Stack>
        </Paper>
      )}
      {current && lists.data && (
        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <Group justify="space-between" wrap="wrap" gap="sm">
              <Group gap="xs" wrap="wrap">
                <Select
                  label="List"
                  data={lists.data.map((l) => ({ value: l.id, label: `${l.name} (${l.symbols.length})` }))}
                  value={current.id}
                  onChange={(id) => id && choose(id)}
                  allowDeselect={false}
                  w={240}
                  data-testid="watchlist-switcher"
                />
                <Button
                  variant="default"
                  mt={24}
                  leftSection={<IconEdit size={16} aria-hidden />}
                  onClick={() => setDialog('rename')}
                >
                  Rename
                </Button>
                <Button
                  variant="subtle"
                  color="red"
                  mt={24}
                  leftSection={<IconTrash size={16} aria-hidden />}
                  onClick={() => setDeleting(current)}
                >
                  Delete
                </Button>
              </Group>
              <div>
                <Text component="label" size="sm" fw={500} display="block" mb={2}>
                  Add a symbol
                </Text>
                <StockSearch
                  ariaLabel={`Add a symbol to ${current.name}`}
                  placeholder="Search a stock to add…"
                  w={260}
                  dropdownAlign="end"
                  onSelect={(symbol) => actions.addSymbol.mutate({ id: current.id, symbol })}
                />
              </div>
            </Group>
            <CurrentList key={current.id} list={current} actions={actions} />
          </Stack>
        </Paper>
      )}

      <WatchlistNameDialog
        opened={dialog === 'create'}
        title="New watchlist"
        submitLabel="Create list"
        pending={actions.create.isPending}
        onClose={() => setDialog(null)}
        onSubmit={(name) =>
          actions.create.mutate(
            { name },
            {
              onSuccess: (list) => {
                choose(list.id);
                setDialog(null);
              },
            },
          )
        }
      />
      <WatchlistNameDialog
        opened={dialog === 'rename'}
        title="Rename watchlist"
        submitLabel="Save"
        initialName={current?.name}
        pending={actions.rename.isPending}
        onClose={() => setDialog(null)}
        onSubmit={(name) =>
          current && actions.rename.mutate({ id: current.id, name }, { onSuccess: () => setDialog(null) })
        }
      />
      <DeleteWatchlistDialog
        list={deleting}
        pending={actions.remove.isPending}
        onClose={() => setDeleting(null)}
        onConfirm={() => deleting && actions.remove.mutate({ id: deleting.id }, { onSuccess: () => setDeleting(null) })}
      />
    </Stack>
  );
}

function CurrentList({ list, actions }: { list: Watchlist; actions: ReturnType<typeof useWatchlistActions> }) {
  const live = useLiveWatchlist(list.id);
  const shown = useShownRows(live.detail, live.rows);
  const [sort, setSort] = useState<SortState | null>(null);
  const sortedBy = sort && (FIGURE_COLUMNS.find((c) => c.key === sort.key)?.title ?? 'Symbol');

  if (live.status === 'error') return <LoadFailed what={`“${list.name}”`} onRetry={live.retry} />;
  if (live.status === 'deleted') return <Text c="dimmed">This list was deleted.</Text>;
  if (live.status === 'loading' || !live.detail) {
    return (
      <Stack gap={6} role="status" aria-busy="true" aria-label={`Loading ${list.name}`}>
        {list.symbols.slice(0, 8).map((s) => (
          <Skeleton key={s} height={36} radius="sm" />
        ))}
      </Stack>
    );
  }
  if (live.detail.symbols.length === 0) {
    return (
      <Text size="sm" c="dimmed" py="lg" ta="center" data-testid="watchlist-empty">
        “{list.name}” is empty. Add a symbol with the search above, from a chart or from a stock page.
      </Text>
    );
  }
  return (
    <Stack gap="xs">
      {live.detail.errors.map((e) => (
        <Text key={e} size="sm" c="red" role="alert">
          {e}
        </Text>
      ))}
      {sort && (
        <Group gap="xs">
          <Text size="sm" c="dimmed" data-testid="watchlist-sorted-by">
            Sorted by {sortedBy}, {sort.direction === 'asc' ? 'lowest' : 'highest'} first. Clear the sort to reorder.
          </Text>
          <Button size="compact-sm" variant="subtle" onClick={() => setSort(null)}>
            Clear sort
          </Button>
        </Group>
      )}
      <WatchlistTable
        listName={live.detail.name}
        rows={shown.rows}
        sort={sort}
        onSort={setSort}
        onReorder={(symbols) => {
          shown.showOrder(symbols);
          actions.reorder.mutate({ id: list.id, symbols });
        }}
        onRemove={(symbol) => actions.removeSymbol.mutate({ id: list.id, symbol })}
      />
    </Stack>
  );
}
