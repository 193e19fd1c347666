import { Alert, Group, Text } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { CHAT_WARNING_AT, DAILY_LIMITS } from '../../../shared/limits';
import { useChatAllowance } from './useChatAllowance';

/**
 * Under the composer: the daily limit (product.md §2's footer), how many messages are left before sending, and a
 * warning from 8 of 10 used.
 */
export function UsageLine() {
  const { limit, used, remaining, resetsIn } = useChatAllowance();
  return (
    <>
      {used !== null && used >= CHAT_WARNING_AT && (
        <Alert
          color={remaining === 0 ? 'red' : 'orange'}
          variant="light"
          p="xs"
          icon={<IconAlertTriangle size={16} />}
          data-testid="usage-warning"
        >
          {remaining === 0
            ? `You have used all ${limit} messages for today. Resets in ${resetsIn}.`
            : `You have used ${used} of ${limit} messages today: ${remaining} left.`}
        </Alert>
      )}
      <Group justify="space-between" gap="xs" wrap="wrap">
        <Text size="xs" c="dimmed">
          Daily limit: {DAILY_LIMITS.chatMessages} messages per day for all users.
        </Text>
        {remaining !== null && (
          <Text size="xs" c={remaining === 0 ? 'red' : 'dimmed'} data-testid="usage-remaining">
            {remaining} of {limit} left today
          </Text>
        )}
      </Group>
    </>
  );
}
