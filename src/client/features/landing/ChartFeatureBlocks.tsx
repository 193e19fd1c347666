import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import { ResponsiveGrid } from '../../components/ResponsiveGrid';
import { ChartIllustration } from './ChartIllustration';

const BLOCKS = [
  {
    variant: 'live' as const,
    title: 'Real-time market data',
    text: 'Charts update live every minute, across 1D, 5D, 1M, 6M, YTD, 1Y and 5Y timeframes.',
  },
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

/** The three chart feature blocks, alternating text and illustration (SPEC section 2). */
export function ChartFeatureBlocks() {
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
