import { Alert, Group, List, Loader, Paper, Stack } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { DAILY_LIMITS } from '../../../shared/limits';
import { AppLayout } from '../../components/AppLayout';
import { PageHeader } from '../../components/PageHeader';
import { ButtonLink } from '../../components/RouterLinks';
import { errorBodyOf } from '../../lib/errors';
import { useUsageStats } from '../../lib/useUsageStats';
import { UsageRow } from './UsageRow';
import { usePageTitle } from '../../lib/usePageTitle';

const ZERO = { chatMessages: 0, graphGenerations: 0, portfolioAnalyses: 0 };

/** /upgrade: the Daily Usage Limits screen (product.md §2). */
export function UsageLimitsPage() {
  usePageTitle('Daily Usage Limits');
  const stats = useUsageStats();
  const today = stats.data?.today ?? ZERO;
  const limits = stats.data?.limits ?? DAILY_LIMITS;

  return (
    <AppLayout size="sm">
      <Stack gap="lg">
        <PageHeader
          back={{ to: '/', label: 'Back to Chat' }}
          title="Daily Usage Limits"
          subtitle="Every account gets the same daily allowance, free of charge."
        />
        {stats.isLoadingError && (
          <Alert color="red" variant="light" icon={<IconInfoCircle size={18} />}>
            {errorBodyOf(stats.error).message}
          </Alert>
        )}
        <Paper withBorder radius="lg" p="xl">
          {stats.isPending ? (
            <Group justify="center">
              <Loader size="sm" />
            </Group>
          ) : (
            <Stack gap="lg">
              <UsageRow label="AI Chat Messages" used={today.chatMessages} limit={limits.chatMessages} />
              <UsageRow label="Graph Generation" used={today.graphGenerations} limit={limits.graphGenerations} />
              <UsageRow label="Portfolio Analysis" used={today.portfolioAnalyses} limit={limits.portfolioAnalyses} />
            </Stack>
          )}
        </Paper>
        <Paper withBorder radius="lg" p="lg">
          <List size="sm" spacing="xs">
            <List.Item>Limits reset daily at midnight UTC.</List.Item>
            <List.Item>Usage is tracked in real time as you use each feature.</List.Item>
            <List.Item>Fair usage: the same limits apply to everyone, so the service stays fast for all.</List.Item>
          </List>
        </Paper>
        <Group justify="center">
          <ButtonLink to="/" variant="default">
            Back to app
          </ButtonLink>
        </Group>
      </Stack>
    </AppLayout>
  );
}
