import { Badge, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconMinus } from '@tabler/icons-react';
import type { RuleResult } from '../../../shared/portfolio/types';
import { LoadFailed } from '../../components/LoadFailed';
import { usePortfolioAnalysis } from './usePortfolioData';

const LOOK: Record<RuleResult['status'], { color: string; label: string; icon: typeof IconCircleCheck }> = {
  pass: { color: 'teal', label: 'Pass', icon: IconCircleCheck },
  warn: { color: 'orange', label: 'Warning', icon: IconAlertTriangle },
  unavailable: { color: 'gray', label: 'Not enough data', icon: IconMinus },
};

/** The server's analysis rules: each a sentence with the measured figure and its threshold, pass or warn. */
export function AnalysisCard({ portfolioId }: { portfolioId: string }) {
  const analysis = usePortfolioAnalysis(portfolioId, true);
  const warnings = analysis.data?.rules.filter((r) => r.status === 'warn').length ?? 0;
  return (
    <Paper withBorder radius="md" p="md">
      <Group justify="space-between" mb="sm">
        <Title order={3} size="h4">
          Portfolio checks
        </Title>
        {analysis.data && (
          <Badge variant="light" color={warnings ? 'orange' : 'teal'}>
            {warnings ? `${warnings} ${warnings === 1 ? 'warning' : 'warnings'}` : 'All checks pass'}
          </Badge>
        )}
      </Group>
      {analysis.isPending && <Skeleton h={200} />}
      {analysis.isLoadingError && <LoadFailed what="the portfolio checks" onRetry={() => void analysis.refetch()} />}
      {analysis.data && (
        <Stack gap="xs">
          <SimpleGrid cols={{ base: 1, md: 2 }} spacing="sm" verticalSpacing="sm" data-testid="analysis-rules">
            {analysis.data.rules.map((rule) => (
              <RuleRow key={rule.key} rule={rule} />
            ))}
          </SimpleGrid>
          {analysis.data.missingHistory.length > 0 && (
            <Text size="xs" c="dimmed">
              Left out of volatility, drawdown and beta for lack of price history:{' '}
              {analysis.data.missingHistory.join(', ')}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Rules of thumb for diversification and risk, measured on today's holdings; educational, not financial
            advice.
          </Text>
        </Stack>
      )}
    </Paper>
  );
}

function RuleRow({ rule }: { rule: RuleResult }) {
  const look = LOOK[rule.status];
  const Icon = look.icon;
  return (
    <Group gap="sm" align="flex-start" wrap="nowrap" data-rule={rule.key} data-status={rule.status}>
      <ThemeIcon variant="light" color={look.color} radius="xl" size="md" aria-hidden>
        <Icon size={16} />
      </ThemeIcon>
      <div>
        <Group gap={6}>
          <Text size="sm" fw={600}>
            {rule.title}
          </Text>
          <Badge size="xs" variant="light" color={look.color}>
            {look.label}
          </Badge>
        </Group>
        <Text size="sm" c="dimmed">
          {rule.sentence}
        </Text>
      </div>
    </Group>
  );
}
