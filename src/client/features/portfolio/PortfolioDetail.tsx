import { Alert, Button, Grid, Group, List, Skeleton, Stack, Tabs, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconArrowLeft, IconRefresh } from '@tabler/icons-react';
import { onlineManager } from '@tanstack/react-query';
import { Suspense, useState } from 'react';
import type { PortfolioSummary } from '../../../shared/portfolio/types';
import { errorBodyOf } from '../../lib/errors';
import { retryableLazy } from '../../components/retryableLazy';
import { failureToast, OFFLINE_TOAST } from '../../lib/offline';
import { toast } from '../../lib/toast';
import { AllocationCard } from './AllocationCard';
import { AnalysisCard } from './AnalysisCard';
import { DeletePortfolioButton } from './DeletePortfolioButton';
import { EditPortfolioButton } from './EditPortfolioButton';
import { HoldingsCard } from './HoldingsCard';
import { LoadFailed } from '../../components/LoadFailed';
import { SummaryCards } from './SummaryCards';
import { UpdatedAt } from './UpdatedAt';
import { usePortfolioDetail, useRefreshPortfolio } from './usePortfolioData';
import { ValueHistoryCard } from './ValueHistoryCard';
import { VisibilityCard } from './VisibilityCard';
import { AiReviewCard } from './review/AiReviewCard';

// The ledger's screens load on demand: the Activity tab when it is opened, the Performance card (and its chart)
// after the rest of the detail view, so neither weighs on the first load of /portfolio.
const ActivityTab = retryableLazy(() => import('./ledger/ActivityTab'));
const PerformanceSection = retryableLazy(() => import('./ledger/PerformanceSection'));

type DetailTab = 'overview' | 'activity';

interface Props {
  /** The portfolio as the list has it: shown at once while its holdings load. */
  summary: PortfolioSummary;
  onBack: () => void;
  onDeleted: () => void;
}

/** The detail view (product.md §2) plus allocation, value over time, the analysis rules and the AI review. */
export function PortfolioDetail({ summary, onBack, onDeleted }: Props) {
  const detail = usePortfolioDetail(summary.id);
  const refresh = useRefreshPortfolio();
  const [updating, setUpdating] = useState(false);
  const [tab, setTab] = useState<DetailTab>('overview');
  const portfolio = detail.data?.portfolio ?? summary;
  const holdings = detail.data?.holdings;

  async function updatePrices() {
    // Offline, the refetch would wait, paused, for the connection: say so now instead.
    if (!onlineManager.isOnline()) return void toast(OFFLINE_TOAST);
    setUpdating(true);
    const result = await detail.refetch();
    setUpdating(false);
    if (result.isError) {
      void toast(
        failureToast(result.error, {
          title: 'Failed to update prices',
          description: errorBodyOf(result.error).message,
          variant: 'destructive',
        }),
      );
    } else {
      void toast({ title: 'Prices updated successfully!' });
      void refresh(summary.id, { detail: false });
    }
  }

  return (
    <Stack gap="lg" data-testid="portfolio-detail">
      <Stack gap={4}>
        <Button
          variant="subtle"
          leftSection={<IconArrowLeft size={16} aria-hidden />}
          px={0}
          w="fit-content"
          onClick={onBack}
        >
          Back
        </Button>
        <Group justify="space-between" align="flex-start" wrap="wrap" gap="sm">
          {/* The title takes the row on a phone; the actions wrap below it. */}
          <Stack gap={4} miw={0} style={{ flex: '1 1 280px' }}>
            <Title order={2} style={{ overflowWrap: 'anywhere' }}>
              {portfolio.name}
            </Title>
            {portfolio.description && (
              <Text c="dimmed" style={{ overflowWrap: 'anywhere' }}>
                {portfolio.description}
              </Text>
            )}
          </Stack>
          <Stack gap={4} align="flex-end">
            <Group gap="xs" justify="flex-end">
              <Button
                variant="light"
                leftSection={<IconRefresh size={16} aria-hidden />}
                loading={updating}
                onClick={() => void updatePrices()}
              >
                Update Prices
              </Button>
              <EditPortfolioButton portfolio={portfolio} />
              <DeletePortfolioButton portfolio={portfolio} onDeleted={onDeleted} />
            </Group>
            <UpdatedAt at={detail.dataUpdatedAt} fetching={detail.isFetching} />
          </Stack>
        </Group>
      </Stack>

      {detail.isError && !detail.data && <LoadFailed what="this portfolio" onRetry={() => void detail.refetch()} />}
      {detail.isError && detail.data && (
        <Alert color="yellow" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />}>
          The last price refresh failed; the figures below are from{' '}
          {new Date(detail.dataUpdatedAt).toLocaleTimeString('en-GB')}.
        </Alert>
      )}
      {portfolio.errors.length > 0 && (
        <Alert
          color="yellow"
          variant="light"
          icon={<IconAlertTriangle size={18} aria-hidden />}
          title="Some prices are missing or old"
          data-testid="price-errors"
        >
          <List size="sm" spacing={2}>
            {portfolio.errors.map((e) => (
              <List.Item key={e}>{e}</List.Item>
            ))}
          </List>
        </Alert>
      )}

      <Tabs value={tab} onChange={(v) => setTab((v as DetailTab | null) ?? 'overview')} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="overview">Overview</Tabs.Tab>
          <Tabs.Tab value="activity">Activity</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="overview" pt="lg">
          <Stack gap="lg">
            <SummaryCards portfolio={portfolio} />
            <HoldingsCard
              portfolioId={summary.id}
              portfolioName={portfolio.name}
              holdings={holdings}
              currency={portfolio.baseCurrency}
              loading={detail.isPending}
            />
            <VisibilityCard portfolio={portfolio} />
            {detail.data && (
              <Suspense fallback={<Skeleton h={320} radius="md" role="status" aria-label="Loading performance" />}>
                <PerformanceSection portfolioId={summary.id} costMethod={portfolio.costMethod} />
              </Suspense>
            )}
            {holdings && holdings.length > 0 && (
              <>
                <Grid gap="lg">
                  <Grid.Col span={{ base: 12, md: 7 }}>
                    <ValueHistoryCard portfolioId={summary.id} />
                  </Grid.Col>
                  <Grid.Col span={{ base: 12, md: 5 }}>
                    <AllocationCard portfolioId={summary.id} />
                  </Grid.Col>
                </Grid>
                <AnalysisCard portfolioId={summary.id} />
                <AiReviewCard portfolioId={summary.id} />
              </>
            )}
          </Stack>
        </Tabs.Panel>
        <Tabs.Panel value="activity" pt="lg">
          <Suspense fallback={<Skeleton h={240} radius="md" role="status" aria-label="Loading activities" />}>
            <ActivityTab
              portfolioId={summary.id}
              portfolioName={portfolio.name}
              baseCurrency={portfolio.baseCurrency}
            />
          </Suspense>
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}
