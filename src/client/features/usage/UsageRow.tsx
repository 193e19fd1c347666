import { Badge, Group, Progress, Stack, Text } from '@mantine/core';

interface Props {
  label: string;
  used: number;
  limit: number;
}

/** One feature's usage: 'used / limit' badge (red once exhausted) and a bar capped at 100 %. */
export function UsageRow({ label, used, limit }: Props) {
  const exhausted = used >= limit;
  const percent = limit > 0 ? Math.min(100, (used / limit) * 100) : 100;
  return (
    <Stack gap={6} data-testid={`usage-${label}`}>
      <Group justify="space-between">
        <Text fw={600}>{label}</Text>
        <Badge color={exhausted ? 'red' : 'teal'} variant={exhausted ? 'filled' : 'light'}>
          {used} / {limit}
        </Badge>
      </Group>
      <Progress
        value={percent}
        color={exhausted ? 'red' : 'teal'}
        radius="xl"
        size="md"
        aria-label={`${label} usage`}
      />
    </Stack>
  );
}
