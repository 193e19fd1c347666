import { Card, Container, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconMessageChatbot, IconPointer, IconUsersGroup } from '@tabler/icons-react';

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

/** The three feature cards of the landing page (SPEC section 2). */
export function FeatureCards() {
  return (
    <Container size="lg" py={56}>
      <Title order={2} ta="center" mb={8}>
        Everything you need to analyze the market
      </Title>
      <Text c="dimmed" ta="center" mb={40}>
        Built for retail traders and investors.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
        {FEATURES.map(({ icon: Icon, title, text }) => (
          <Card key={title} withBorder radius="lg" padding="xl">
            <ThemeIcon size={44} radius="md" variant="light" color="teal" mb="md">
              <Icon size={24} />
            </ThemeIcon>
            <Text fw={700} mb={6}>
              {title}
            </Text>
            <Text size="sm" c="dimmed">
              {text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </Container>
  );
}
