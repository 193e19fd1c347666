import { Group, Paper, Progress, SegmentedControl, Skeleton, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { formatMoneyText, formatPercentText } from '../../../shared/portfolio/format';
import type { AllocationSlice } from '../../../shared/portfolio/types';
import { LoadFailed } from '../../components/LoadFailed';
import classes from './Portfolio.module.css';
import { usePortfolioAnalysis } from './usePortfolioData';

type View = 'holding' | 'sector';

/** Where the value sits: by holding, or by sector (companies) and instrument type (funds, crypto). */
export function AllocationCard({ portfolioId }: { portfolioId: string }) {
  const analysis = usePortfolioAnalysis(portfolioId, true);
  const [view, setView] = useState<View>('holding');
  const slices = analysis.data
    ? view === 'holding'
      ? analysis.data.allocation.byHolding
      : analysis.data.allocation.bySector
    : [];
  return (
    <Paper withBorder radius="md" p="md" h="100%">
      <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
        <Title order={3} size="h4">
          Allocation
        </Title>
        <SegmentedControl
          size="xs"
          value={view}
          onChange={(v) => setView(v)}
          data={[
            { value: 'holding', label: 'By holding' },
            { value: 'sector', label: 'By sector/type' },
          ]}
          aria-label="Group allocation"
        />
      </Group>
      {analysis.isPending && <Skeleton h={160} />}
      {analysis.isLoadingError && <LoadFailed what="the allocation" onRetry={() => void analysis.refetch()} />}
      {analysis.data && (
        <Stack gap="sm" data-testid={`allocation-${view}`}>
          {slices.length === 0 && (
            <Text size="sm" c="dimmed">
              No holding has a price right now.
            </Text>
          )}
          {slices.map((slice) => (
            <Slice key={slice.label} slice={slice} />
          ))}
        </Stack>
      )}
    </Paper>
  );
}

function Slice({ slice }: { slice: AllocationSlice }) {
  return (
    <div>
      <Group justify="space-between" gap="xs" wrap="nowrap">
        <Text size="sm" fw={600} truncate="end">
          {slice.label}
          {slice.detail && (
            <Text span size="xs" c="dimmed" fw={400}>
              {' '}
              {slice.detail}
            </Text>
          )}
        </Text>
        <Text size="sm" className={classes.number} style={{ whiteSpace: 'nowrap' }}>
          {formatPercentText(slice.weight)} · {formatMoneyText(slice.value)}
        </Text>
      </Group>
      <Progress
        value={Number(slice.weight)}
        size="sm"
        mt={4}
        aria-label={`${slice.label}: ${formatPercentText(slice.weight)}`}
      />
    </div>
  );
}
