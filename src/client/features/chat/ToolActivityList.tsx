import { Group, Loader, Stack, Text } from '@mantine/core';
import { IconCircleCheck, IconCircleX } from '@tabler/icons-react';
import { progressLabel } from '../../../shared/chat/progress';
import type { ToolActivity } from '../../../shared/chat/types';

/** What the agent looked up: 'Looking up AAPL…' with a spinner while it runs; 'Looked up AAPL' with a tick, or a cross, when done. */
export function ToolActivityList({ tools }: { tools: readonly ToolActivity[] }) {
  if (tools.length === 0) return null;
  return (
    <Stack gap={2} data-testid="tool-activity">
      {tools.map((t) => (
        <Group key={t.id} gap={6} wrap="nowrap" data-status={t.status} data-testid="tool-progress">
          {t.status === 'running' ? (
            <Loader size={12} color="violet" />
          ) : t.status === 'done' ? (
            <IconCircleCheck size={14} color="var(--mantine-color-teal-6)" />
          ) : (
            <IconCircleX size={14} color="var(--mantine-color-red-6)" />
          )}
          <Text size="xs" c="dimmed" title={t.detail}>
            {progressLabel(t.label, t.status)}
            {t.status === 'error' && t.detail ? ` ${t.detail}` : ''}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
