import { Stack, Text, ThemeIcon } from '@mantine/core';
import type { ReactNode } from 'react';

/** A quiet placeholder where a list has nothing yet: an icon, a line, and what to do about it. */
export function EmptyState({
  icon,
  title,
  hint,
  testId,
}: {
  icon: ReactNode;
  title: string;
  hint?: ReactNode;
  testId?: string;
}) {
  return (
    <Stack align="center" gap={6} py="xl" data-testid={testId}>
      <ThemeIcon size={44} radius="xl" variant="light" color="gray" aria-hidden>
        {icon}
      </ThemeIcon>
      <Text fw={600}>{title}</Text>
      {hint && (
        <Text size="sm" c="dimmed" ta="center" maw={360}>
          {hint}
        </Text>
      )}
    </Stack>
  );
}
