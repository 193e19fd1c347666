import { Button, Group, Stack } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { usePageTitle } from '../../lib/usePageTitle';
import { CreatePortfolioDialog } from './CreatePortfolioDialog';
import { PortfolioCards } from './PortfolioCards';
import { PortfolioDetail } from './PortfolioDetail';
import { LoadFailed } from '../../components/LoadFailed';
import { usePortfolioList } from './usePortfolioData';

/**
 * /portfolio (product.md §2): the portfolio cards with Create Portfolio, and the selected portfolio's detail view.
 * The first portfolio is selected when the list first loads; Back returns to the cards.
 */
export function PortfolioPage() {
  usePageTitle('Portfolio');
  const list = usePortfolioList();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [creating, setCreating] = useState(false);
  const [autoSelected, setAutoSelected] = useState(false);

  // The first portfolio is selected once, when the list first arrives (adjusted while rendering, not in an effect).
  if (!autoSelected && list.data) {
    setAutoSelected(true);
    if (list.data.length > 0) setSelectedId(list.data[0].id);
  }

  // A portfolio deleted elsewhere (or just now) leaves the detail view.
  const selected = list.data?.find((p) => p.id === selectedId) ?? null;

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap">
        <PageHeader title="Portfolios" subtitle="Track what you own with live prices, and share a read-only link." />
        <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
          Create Portfolio
        </Button>
      </Group>

      {list.isPending && <PortfolioCards.Skeleton />}
      {list.isLoadingError && <LoadFailed what="your portfolios" onRetry={() => void list.refetch()} />}
      {list.data &&
        (selected ? (
          <PortfolioDetail
            key={selected.id}
            summary={selected}
            onBack={() => {
              setSelectedId(null);
              // The cards show totals: bring them up to the prices the detail view had.
              void list.refetch();
            }}
            onDeleted={() => setSelectedId(null)}
          />
        ) : (
          <PortfolioCards portfolios={list.data} onSelect={setSelectedId} onCreate={() => setCreating(true)} />
        ))}

      <CreatePortfolioDialog
        opened={creating}
        onClose={() => setCreating(false)}
        onCreated={(id) => setSelectedId(id)}
      />
    </Stack>
  );
}
