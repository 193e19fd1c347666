import { Button, Group, Text } from '@mantine/core';
import { useEffect } from 'react';
import { OFFLINE_TOAST } from '../lib/offline';
import { toast } from '../lib/toast';

/**
 * Where a part loaded on demand would be, when its code could not be fetched. Made of what the first page already
 * has (LoadFailed's Alert is a chunk of its own), so it shows even offline. The part may open out of sight (a
 * dialog's place is at the end of its card), so the failure is also said in a toast.
 */
export function PartLoadFailed({ onRetry }: { onRetry: () => void }) {
  useEffect(() => void toast(OFFLINE_TOAST), []);
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
