import { Group, Paper, SimpleGrid, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBriefcase, IconMessages, IconRobot } from '@tabler/icons-react';

/** The three newest features of the list below. */
const HIGHLIGHTS = [
  { icon: IconMessages, title: 'Social Hub', text: 'Friends, messages and shared insights' },
  { icon: IconBriefcase, title: 'Portfolios', text: "Live value and today's change" },
  { icon: IconRobot, title: 'Financial Agent', text: 'Answers with sources and forecasts' },
];

/** 'What's New' with its three highlights (product.md §2, updates page). */
export function WhatsNewBanner() {
  return (
    <Paper
      radius="lg"
      p="xl"
      style={{ background: 'linear-gradient(135deg, var(--mantine-color-teal-8), var(--mantine-color-cyan-8))' }}
    >
      <Title order={2} fz="xl" c="white" mb="md">
        What's New
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
        {HIGHLIGHTS.map(({ icon: Icon, title, text }) => (
          <Group key={title} gap="sm" wrap="nowrap">
            <ThemeIcon size={36} radius="md" variant="white" color="teal">
              <Icon size={20} />
            </ThemeIcon>
            <div>
              <Text fw={700} c="white">
                {title}
              </Text>
              <Text size="sm" c="white" opacity={0.85}>
                {text}
              </Text>
            </div>
          </Group>
        ))}
      </SimpleGrid>
    </Paper>
  );
}
