import { Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBriefcase, IconChartCandle, IconMessageChatbot, IconSettings } from '@tabler/icons-react';
import { ButtonLink } from '../../components/RouterLinks';

/** Quick actions (product.md §2): AI Chat, Charts, Portfolio, Settings. */
export function QuickActions() {
  return (
    <Paper withBorder radius="lg" p="lg">
      <Stack gap="md">
        <Title order={3} fz="lg">
          Quick actions
        </Title>
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
          <ButtonLink to="/chat" size="md" leftSection={<IconMessageChatbot size={18} />}>
            AI Chat
          </ButtonLink>
          <ButtonLink to="/trading" size="md" variant="light" leftSection={<IconChartCandle size={18} />}>
            Charts
          </ButtonLink>
          <ButtonLink to="/portfolio" size="md" variant="light" leftSection={<IconBriefcase size={18} />}>
            Portfolio
          </ButtonLink>
          <ButtonLink to="/settings" size="md" variant="default" leftSection={<IconSettings size={18} />}>
            Settings
          </ButtonLink>
        </SimpleGrid>
        <Text size="xs" c="dimmed">
          Daily limits apply to AI chat, graph generation and portfolio analysis; they reset at midnight UTC.
        </Text>
      </Stack>
    </Paper>
  );
}
