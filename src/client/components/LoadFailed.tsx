import { Alert, Button, Group, Text } from '@mantine/core';
import { IconAlertTriangle, IconRefresh } from '@tabler/icons-react';

/** The error state of a section that failed to load (portfolio, social), with a retry. */
export function LoadFailed({ what, onRetry }: { what: string; onRetry: () => void }) {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconAlertTriangle size={18} aria-hidden />}
      title={`Could not load ${what}`}
    >
      <Group justify="space-between" gap="sm">
        <Text size="sm">Check your connection and try again.</Text>
        <Button size="xs" variant="default" leftSection={<IconRefresh size={14} aria-hidden />} onClick={onRetry}>
          Retry
        </Button>
      </Group>
    </Alert>
  );
}
