import { Box, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconPlus, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import type { ValuedHolding } from '../../../shared/portfolio/types';
import { AddStockDialog } from './AddStockDialog';
import { downloadHoldingsCsv } from './csvDownload';
import { EditHoldingDialog } from './holdings/EditHoldingDialog';
import { HoldingCardList } from './holdings/HoldingCardList';
import { HoldingsTable } from './holdings/HoldingsTable';
import { PurchaseDateDialog } from './holdings/PurchaseDateDialog';
import { RemoveHoldingDialog } from './holdings/RemoveHoldingDialog';
import { UndatedHoldings } from './holdings/UndatedHoldings';
import { ImportCsvDialog } from './ImportCsvDialog';

interface Props {
  portfolioId: string;
  portfolioName: string;
  holdings: ValuedHolding[] | undefined;
  /** The portfolio's base currency: every amount of a holding but its listing price is in it (issue 27 §3). */
  currency: string;
  loading: boolean;
}

/**
 * The holdings list with Add Stock, per-holding edit and delete (each behind a dialog) and CSV export / import;
 * 'No holdings yet' when empty. A table from the sm breakpoint up, cards below it: the CSS switch is decided
 * before the first paint, so a phone never flashes the table.
 */
export function HoldingsCard({ portfolioId, portfolioName, holdings, currency, loading }: Props) {
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
  const [editing, setEditing] = useState<ValuedHolding | null>(null);
  const [removing, setRemoving] = useState<ValuedHolding | null>(null);
  const [dating, setDating] = useState<ValuedHolding | null>(null);
  const handlers = { onEdit: setEditing, onRemove: setRemoving };
  const hasHoldings = Boolean(holdings && holdings.length > 0);
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={3} size="h4">
          Holdings
        </Title>
        <Group gap="xs">
          <Button
            variant="default"
            size="xs"
            leftSection={<IconDownload size={14} aria-hidden />}
            disabled={!hasHoldings}
            onClick={() => holdings && downloadHoldingsCsv(portfolioName, holdings, currency)}
          >
            Export CSV
          </Button>
          <Button
            variant="default"
            size="xs"
            leftSection={<IconUpload size={14} aria-hidden />}
            onClick={() => setImporting(true)}
          >
            Import CSV
          </Button>
          <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setAdding(true)}>
            Add Stock
          </Button>
        </Group>
      </Group>
      {loading && !holdings && (
        <Stack gap="xs" aria-busy="true" role="status" aria-label="Loading holdings">
          <Skeleton h={32} />
          <Skeleton h={32} />
        </Stack>
      )}
      {holdings && holdings.length === 0 && (
        <Stack align="center" gap={4} py="lg" ta="center">
          <Text fw={600}>No holdings yet</Text>
          <Text size="sm" c="dimmed">
            Add a stock with its quantity and average price, or import a CSV file.
          </Text>
        </Stack>
      )}
      {holdings && holdings.length > 0 && (
        <>
          <UndatedHoldings holdings={holdings} onDate={setDating} />
          <Box visibleFrom="sm">
            <HoldingsTable holdings={holdings} currency={currency} {...handlers} />
          </Box>
          <Box hiddenFrom="sm">
            <HoldingCardList holdings={holdings} currency={currency} {...handlers} />
          </Box>
        </>
      )}
      <AddStockDialog portfolioId={portfolioId} opened={adding} onClose={() => setAdding(false)} />
      <ImportCsvDialog portfolioId={portfolioId} opened={importing} onClose={() => setImporting(false)} />
      <EditHoldingDialog portfolioId={portfolioId} holding={editing} onClose={() => setEditing(null)} />
      <RemoveHoldingDialog portfolioId={portfolioId} holding={removing} onClose={() => setRemoving(null)} />
      <PurchaseDateDialog portfolioId={portfolioId} holding={dating} onClose={() => setDating(null)} />
    </Paper>
  );
}
