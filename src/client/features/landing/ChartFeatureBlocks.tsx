import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { ResponsiveGrid } from '../../components/ResponsiveGrid';
import { useMarketInfo } from '../../lib/useMarketInfo';
import { ChartIllustration } from './ChartIllustration';

const TIMEFRAMES_TEXT = 'across 1D, 5D, 1M, 6M, YTD, 1Y and 5Y timeframes';

/** The market block says what the data is: a real-time feed only when a real exchange's provider answers. */
function marketBlock(realTime: boolean) {
  return realTime
    ? {
        variant: 'live' as const,
        title: 'Real-time market data',
        text: `Charts update live every minute, ${TIMEFRAMES_TEXT}.`,
      }
    : {
        variant: 'live' as const,
        title: 'Live charts on a simulated market',
        text: `A built-in practice market that keeps New York Stock Exchange hours: charts move every minute while it trades, ${TIMEFRAMES_TEXT}. Prices are simulated, not real quotes.`,
      };
}

const OTHER_BLOCKS = [
  {
    variant: 'signals' as const,
    title: 'Moving averages and signals',
    text: 'MA20 and MA50 overlays with buy signals where MA20 crosses above MA50 and sell signals where it crosses below.',
  },
  {
    variant: 'drawing' as const,
    title: 'Drawing tools',
    text: 'Sketch trend lines straight onto the chart to mark support, resistance and breakouts.',
  },
];

/** The three chart feature blocks, alternating text and illustration (product.md §2). */
export function ChartFeatureBlocks() {
  const BLOCKS = [marketBlock(useMarketInfo().realTime), ...OTHER_BLOCKS];
  return (
    <Container size="lg" py={40}>
      <Stack gap={56}>
        {BLOCKS.map(({ variant, title, text }, i) => (
          <ResponsiveGrid key={variant} cols={2} from="md" gap={40} align="center">
            <Stack gap="sm" style={{ order: i % 2 === 1 ? 2 : 1 }}>
              <Title order={3}>{title}</Title>
              <Text c="dimmed">{text}</Text>
            </Stack>
            <Paper withBorder radius="lg" p="md" style={{ order: i % 2 === 1 ? 1 : 2 }}>
              <ChartIllustration variant={variant} height={180} />
            </Paper>
          </ResponsiveGrid>
        ))}
      </Stack>
    </Container>
  );
}
