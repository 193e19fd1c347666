import { ActionIcon, Badge, Button, Group, Paper, Skeleton, Stack, Table, Text, Title, Tooltip, VisuallyHidden } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { IconDownload, IconPlus, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import {
  formatMoneyText,
  formatQuantityText,
  formatSignedMoneyText,
  formatSignedPercentText,
  toneOf,
} from '../../../shared/portfolio/format';
import type { ValuedHolding } from '../../../shared/portfolio/types';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { AddStockDialog } from './AddStockDialog';
import { downloadHoldingsCsv } from './csvDownload';
import { ImportCsvDialog } from './ImportCsvDialog';
import classes from './Portfolio.module.css';
import { useRefreshPortfolio } from './usePortfolioData';

interface Props {
  portfolioId: string;
  portfolioName: string;
  holdings: ValuedHolding[] | undefined;
  loading: boolean;
}

/** The holdings list with Add Stock, per-holding delete and CSV export / import; 'No holdings yet' when empty. */
export function HoldingsCard({ portfolioId, portfolioName, holdings, loading }: Props) {
  const [adding, setAdding] = useState(false);
  const [importing, setImporting] = useState(false);
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
            onClick={() => holdings && downloadHoldingsCsv(portfolioName, holdings)}
          >
            Export CSV
          </Button>
          <Button variant="default" size="xs" leftSection={<IconUpload size={14} aria-hidden />} onClick={() => setImporting(true)}>
            Import CSV
          </Button>
          <Button size="xs" leftSection={<IconPlus size={14} aria-hidden />} onClick={() => setAdding(true)}>
            Add Stock
          </Button>
        </Group>
      </Group>
      {loading && !holdings && (
        <Stack gap="xs" aria-busy="true" aria-label="Loading holdings">
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
      {holdings && holdings.length > 0 && <HoldingsTable portfolioId={portfolioId} holdings={holdings} />}
      <AddStockDialog portfolioId={portfolioId} opened={adding} onClose={() => setAdding(false)} />
      <ImportCsvDialog portfolioId={portfolioId} opened={importing} onClose={() => setImporting(false)} />
    </Paper>
  );
}

function HoldingsTable({ portfolioId, holdings }: { portfolioId: string; holdings: ValuedHolding[] }) {
  const trpc = useTRPC();
  const refresh = useRefreshPortfolio();
  const remove = useMutation(
    trpc.portfolios.removeHolding.mutationOptions({
      onSuccess: async () => {
        toast({ title: 'Stock removed successfully!' });
        await refresh(portfolioId);
      },
      onError: (error) => toast({ title: 'Failed to remove stock', description: errorBodyOf(error).message, variant: 'destructive' }),
    }),
  );
  return (
    <Table.ScrollContainer minWidth={760}>
      <Table verticalSpacing="xs" highlightOnHover data-testid="holdings-table">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Symbol</Table.Th>
            <Table.Th ta="right">Quantity</Table.Th>
            <Table.Th ta="right">Avg price</Table.Th>
            <Table.Th ta="right">Price</Table.Th>
            <Table.Th ta="right">Value</Table.Th>
            <Table.Th ta="right">Gain/Loss</Table.Th>
            <Table.Th ta="right">Today</Table.Th>
            <Table.Th>
              <VisuallyHidden>Actions</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {holdings.map((h) => (
            <Table.Tr key={h.id} data-symbol={h.symbol}>
              <Table.Td>
                <Text fw={700} size="sm">
                  {h.symbol}
                </Text>
                <Text size="xs" c="dimmed" truncate="end" maw={180}>
                  {h.name || '—'}
                </Text>
              </Table.Td>
              <Table.Td ta="right" className={classes.number}>
                {formatQuantityText(h.quantity)}
              </Table.Td>
              <Table.Td ta="right" className={classes.number}>
                {formatMoneyText(h.averagePrice)}
              </Table.Td>
              <Table.Td ta="right" className={classes.number}>
                {h.currentPrice === null ? (
                  <Tooltip label={h.priceError ?? 'No price'}>
                    <Text span size="sm" c="red" tabIndex={0}>
                      No price
                    </Text>
                  </Tooltip>
                ) : (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {h.stale && (
                      <Badge size="xs" color="yellow" variant="light" title="The market data source failed; this is the last known price">
                        stale
                      </Badge>
                    )}
                    {formatMoneyText(h.currentPrice)}
                  </Group>
                )}
              </Table.Td>
              <Table.Td ta="right" fw={600} className={classes.number} data-testid="holding-value">
                {formatMoneyText(h.totalValue)}
              </Table.Td>
              <Table.Td ta="right" className={classes.number}>
                <Text size="sm" c={toneOf(h.gainLoss)}>
                  {formatSignedMoneyText(h.gainLoss)}
                </Text>
                <Text size="xs" c={toneOf(h.gainLoss)}>
                  {formatSignedPercentText(h.gainLossPercent)}
                </Text>
              </Table.Td>
              <Table.Td ta="right" className={classes.number}>
                <Text size="sm" c={toneOf(h.dayChange)}>
                  {formatSignedPercentText(h.dayChangePercent)}
                </Text>
              </Table.Td>
              <Table.Td ta="right">
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${h.symbol}`}
                  loading={remove.isPending && remove.variables?.holdingId === h.id}
                  onClick={() => remove.mutate({ id: portfolioId, holdingId: h.id })}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
