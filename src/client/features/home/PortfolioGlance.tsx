import { Text } from '@mantine/core';
import { IconBriefcase } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import {
  formatMoneyText,
  formatSignedMoneyText,
  formatSignedPercentText,
  toneOf,
} from '../../../shared/portfolio/format';
import { useTRPC } from '../../lib/trpc';
import { GlanceCard } from './GlanceCard';
import { totalsByCurrency } from './portfolioTotals';

/** Everything the user holds, valued now, with today's move: the portfolios list's totals added up. */
export function PortfolioGlance() {
  const trpc = useTRPC();
  const list = useQuery(trpc.portfolios.list.queryOptions());
  const portfolios = list.data;

  let body = null;
  if (list.isLoadingError) {
    body = <Text size="sm">Could not load your portfolios.</Text>;
  } else if (portfolios && portfolios.length === 0) {
    body = <Text size="sm">No portfolios yet: track your holdings and their daily moves.</Text>;
  } else if (portfolios) {
    // One line per base currency: a euro and a dollar portfolio are never added as if one currency.
    const groups = totalsByCurrency(portfolios);
    body = (
      <>
        <Text fz={26} fw={700} data-testid="dashboard-portfolio-value">
          {groups.map((g) => formatMoneyText(g.totalValue, g.currency)).join(' · ')}
        </Text>
        {groups.map((g) => (
          <Text key={g.currency} size="sm" c={toneOf(g.dayChange)} data-testid="dashboard-portfolio-change">
            {formatSignedMoneyText(g.dayChange, g.currency)} ({formatSignedPercentText(g.dayChangePercent)}) today
          </Text>
        ))}
        <Text size="xs" c="dimmed">
          {portfolios.length === 1 ? '1 portfolio' : `${portfolios.length} portfolios`}
        </Text>
      </>
    );
  }
  return (
    <GlanceCard
      icon={IconBriefcase}
      color="blue"
      title="Your portfolios"
      testId="dashboard-portfolios"
      link={{ to: '/portfolio', label: portfolios?.length === 0 ? 'Create a portfolio' : 'Open portfolios' }}
    >
      {body}
    </GlanceCard>
  );
}
