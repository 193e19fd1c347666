import { Badge, Group, Paper, Text, ThemeIcon } from '@mantine/core';
import { formatShortDate } from '../../lib/dates';
import { CATEGORY_STYLE } from './categoryStyle';
import type { UpdateEntry } from './updatesData';

export function UpdateEntryCard({ entry }: { entry: UpdateEntry }) {
  const style = CATEGORY_STYLE[entry.category];
  const Icon = style.icon;
  return (
    <Paper withBorder radius="lg" p="lg" data-testid="update-entry">
      <Group align="flex-start" wrap="nowrap" gap="md">
        <ThemeIcon size={40} radius="md" variant="light" color={style.color}>
          <Icon size={22} />
        </ThemeIcon>
        <div style={{ flex: 1 }}>
          <Group justify="space-between" gap="xs" mb={4}>
            <Group gap="xs">
              <Text fw={700}>{entry.title}</Text>
              {/* Versions read 'v2.0.0': the badge's default upper case would turn them into 'V2.0.0'. */}
              <Badge variant="outline" color="gray" size="sm" tt="none">
                v{entry.version}
              </Badge>
              <Badge variant="light" color={style.color} size="sm">
                {style.label}
              </Badge>
            </Group>
            <Text size="sm" c="dimmed">
              {formatShortDate(entry.publishedAt)}
            </Text>
          </Group>
          <Text size="sm" c="dimmed">
            {entry.description}
          </Text>
        </div>
      </Group>
    </Paper>
  );
}
