import { Container, Text, Title } from '@mantine/core';
import { IconMessageChatbot, IconPointer, IconUsersGroup } from '@tabler/icons-react';
import { ResponsiveGrid } from '../../components/ResponsiveGrid';
import { FeatureCard } from '../../components/FeatureCard';

const FEATURES = [
  {
    icon: IconMessageChatbot,
    title: 'AI financial assistant',
    text: 'Ask about any ticker, the market or your strategy and get a clear, reasoned answer in seconds.',
  },
  {
    icon: IconPointer,
    title: 'Price on hover',
    text: 'Move across a chart to read the exact price at any point, with moving averages alongside.',
  },
  {
    icon: IconUsersGroup,
    title: 'Social network',
    text: 'Add friends, message them directly and share AI insights about the stocks you follow.',
  },
];

/** The three feature cards of the landing page (product.md §2). */
export function FeatureCards() {
  return (
    <Container size="lg" py={56}>
      <Title order={2} ta="center" mb={8}>
        Everything you need to analyze the market
      </Title>
      <Text c="dimmed" ta="center" mb={40}>
        Built for retail traders and investors.
      </Text>
      <ResponsiveGrid cols={3} from="sm">
        {FEATURES.map((feature) => (
          <FeatureCard key={feature.title} {...feature} size="lg" />
        ))}
      </ResponsiveGrid>
    </Container>
  );
}
