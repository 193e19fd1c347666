import { Group, Paper, SimpleGrid, Text, ThemeIcon } from '@mantine/core';
import { IconActivity, IconCpu, IconKey } from '@tabler/icons-react';

const CARDS = [
  { label: 'Access', value: 'Daily Limits', icon: IconKey, color: 'blue' },
  { label: 'Model', value: 'Tickwise 1.5-mini', icon: IconCpu, color: 'violet' },
  { label: 'Status', value: 'Active', icon: IconActivity, color: 'teal' },
];

/** The three info cards under the greeting (product.md §2, home dashboard). */
export function InfoCards() {
  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="md">
      {CARDS.map(({ label, value, icon: Icon, color }) => (
        <Paper key={label} withBorder radius="lg" p="md">
          <Group gap="md" wrap="nowrap">
            <ThemeIcon size={40} radius="md" variant="light" color={color}>
              <Icon size={22} />
            </ThemeIcon>
            <div>
              <Text size="xs" tt="uppercase" fw={700} c="dimmed">
                {label}
              </Text>
              <Text fw={700}>{value}</Text>
            </div>
          </Group>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
