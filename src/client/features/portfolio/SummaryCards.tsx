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

/** The three summary cards (product.md §2): Total Value, Total Gain/Loss, Total Return %. */
export function SummaryCards({ portfolio }: { portfolio: PortfolioSummary }) {
  const tone = toneOf(portfolio.totalGainLoss);
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      <Card label="Total Value" testId="total-value" value={formatMoneyText(portfolio.totalValue)}>
        <Text size="xs" c={toneOf(portfolio.dayChange)}>
          {formatSignedMoneyText(portfolio.dayChange)} ({formatSignedPercentText(portfolio.dayChangePercent)}) today
        </Text>
      </Card>
      <Card
        label="Total Gain/Loss"
        testId="total-gain"
        value={formatSignedMoneyText(portfolio.totalGainLoss)}
        tone={tone}
      >
        <Text size="xs" c="dimmed">
          Cost {formatMoneyText(portfolio.totalCost)}
        </Text>
      </Card>
      <Card
        label="Total Return %"
        testId="total-return"
        value={formatSignedPercentText(portfolio.totalGainLossPercent)}
        tone={tone}
      >
        <Text size="xs" c="dimmed">
          Gain ÷ (value − gain)
        </Text>
      </Card>
    </SimpleGrid>
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
