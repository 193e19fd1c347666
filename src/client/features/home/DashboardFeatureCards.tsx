import { SimpleGrid } from '@mantine/core';
import { IconBrain, IconBriefcase, IconChartLine, IconShieldCheck } from '@tabler/icons-react';
import { FeatureCard } from '../../components/FeatureCard';

const FEATURES = [
  {
    icon: IconBrain,
    color: 'violet',
    title: 'AI analysis',
    text: 'Ask the Financial Agent about any stock and get a reasoned answer.',
  },
  {
    icon: IconChartLine,
    color: 'teal',
    title: 'Live charts',
    text: 'Price charts with MA20/MA50, buy and sell signals and drawing tools.',
  },
  {
    icon: IconBriefcase,
    color: 'blue',
    title: 'Portfolio tracking',
    text: 'Follow your holdings, gains and total return, and share a read-only link.',
  },
  {
    icon: IconShieldCheck,
    color: 'orange',
    title: 'Risk analysis',
    text: 'Understand concentration and volatility before you make a move.',
  },
];

/** The four feature cards of the home dashboard. */
export function DashboardFeatureCards() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="md">
      {FEATURES.map((feature) => (
        <FeatureCard key={feature.title} {...feature} />
      ))}
    </SimpleGrid>
  );
}
