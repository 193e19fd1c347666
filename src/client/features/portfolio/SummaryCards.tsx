import { Paper, SimpleGrid, Text } from '@mantine/core';
import {
  formatMoneyText,
  formatSignedMoneyText,
  formatSignedPercentText,
  toneOf,
} from '../../../shared/portfolio/format';
import type { PortfolioSummary } from '../../../shared/portfolio/types';
import type { ReactNode } from 'react';
import classes from './Portfolio.module.css';

/**
 * The three summary cards (product.md §2). Issue 27 §4: one total value, holdings plus cash, the same figure as the
 * Performance card's end value, the dashboard and the agent; the gain of the holdings over their cost is named for
 * what it is, an unrealised gain (the headline return is the time-weighted return on the Performance card).
 */
export function SummaryCards({ portfolio }: { portfolio: PortfolioSummary }) {
  const tone = toneOf(portfolio.totalGainLoss);
  // Issue 27 §3: every figure is in the portfolio's base currency, converted on the server.
  const currency = portfolio.baseCurrency;
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <Card label="Total value" testId="total-value" value={formatMoneyText(portfolio.totalValue, currency)}>
        <Text size="xs" c="dimmed" data-testid="total-value-parts">
          Holdings {formatMoneyText(portfolio.holdingsValue, currency)} · Cash{' '}
          {formatMoneyText(portfolio.cashBalance, currency)}
        </Text>
        <CashByCurrency portfolio={portfolio} />
        <Text size="xs" c={toneOf(portfolio.dayChange)}>
          {formatSignedMoneyText(portfolio.dayChange, currency)} ({formatSignedPercentText(portfolio.dayChangePercent)})
          today
        </Text>
      </Card>
      <Card
        label="Unrealised gain"
        testId="total-gain"
        value={formatSignedMoneyText(portfolio.totalGainLoss, currency)}
        tone={tone}
      >
        <Text size="xs" c="dimmed">
          Cost {formatMoneyText(portfolio.totalCost, currency)}
        </Text>
      </Card>
      <Card
        label="Unrealised gain %"
        testId="total-return"
        value={formatSignedPercentText(portfolio.totalGainLossPercent)}
        tone={tone}
      >
        <Text size="xs" c="dimmed">
          Unrealised gain ÷ cost of the shares held
        </Text>
      </Card>
    </SimpleGrid>
  );
}

/**
 * Issue 27 §3: cash is kept per currency. When some of it is in another currency than the base, each currency's
 * balance is shown in its own currency ('Cash: €1,200.00 · $350.00'); the total above is their sum in the base.
 */
function CashByCurrency({ portfolio }: { portfolio: PortfolioSummary }) {
  const cash = portfolio.cashByCurrency ?? [];
  if (!cash.some((c) => c.currency !== portfolio.baseCurrency)) return null;
  return (
    <Text size="xs" c="dimmed" data-testid="cash-by-currency">
      Cash: {cash.map((c) => formatMoneyText(c.amount, c.currency)).join(' · ')}
    </Text>
  );
}

interface CardProps {
  label: string;
  value: string;
  testId: string;
  tone?: 'green' | 'red' | 'dimmed';
  children?: ReactNode;
}

function Card({ label, value, testId, tone, children }: CardProps) {
  return (
    <Paper withBorder radius="md" p="md">
      <Text size="sm" c="dimmed">
        {label}
      </Text>
      <Text fz={26} fw={700} c={tone === 'dimmed' ? undefined : tone} data-testid={testId} className={classes.number}>
        {value}
      </Text>
      {children}
    </Paper>
  );
}
