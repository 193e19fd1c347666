import { Group, Loader, Text } from '@mantine/core';

const clock = new Intl.DateTimeFormat('en-GB', {
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hour12: false,
});

/** 'Updated hh:mm:ss': when the prices on screen were fetched (they refresh every 30 s). */
export function UpdatedAt({ at, fetching }: { at: number; fetching: boolean }) {
  if (!at) return null;
  return (
    <Group gap={6} wrap="nowrap">
      {fetching && <Loader size={10} aria-hidden />}
      <Text size="xs" c="dimmed" data-testid="prices-updated-at" aria-live="polite">
        Updated {clock.format(at)}
      </Text>
    </Group>
  );
}
