import { Button, Group, Text } from '@mantine/core';

/**
 * Where a part loaded on demand would be, when its code could not be fetched. Made of what the first page already
 * has (LoadFailed's Alert is a chunk of its own), so it shows even offline.
 */
export function PartLoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Group gap="xs" role="alert" data-testid="part-load-failed" wrap="nowrap">
      <Text size="sm" c="red">
        You are offline: this part could not load.
      </Text>
      <Button size="compact-sm" variant="default" onClick={onRetry}>
        Retry
      </Button>
    </Group>
  );
}
