import { Group, Loader, Paper, Stack, Text } from '@mantine/core';
import { Suspense } from 'react';
import type { DirectMessage } from '../../../shared/social/types';
import { messageTime } from './messageTime';
import classes from './Social.module.css';
import type { PendingMessage } from './useConversation';
import { retryableLazy } from '../../components/retryableLazy';

const InsightCard = retryableLazy(() => import('./InsightCard'));

/** One message: mine on the right, theirs on the left; an insight as its card; a message on its way marked so. */
export function MessageBubble({ message, me }: { message: DirectMessage | PendingMessage; me: string }) {
  const mine = message.senderId === me;
  const pending = 'pending' in message;
  return (
    <Stack
      gap={2}
      align={mine ? 'flex-end' : 'flex-start'}
      data-testid={pending ? 'pending-message' : 'message'}
      data-message-id={message.id}
      className={pending ? classes.pending : undefined}
    >
      {message.messageType === 'insight' ? (
        <Suspense fallback={<Text size="sm">{message.content}</Text>}>
          <InsightCard message={message} mine={mine} />
        </Suspense>
      ) : (
        <Paper radius="lg" px="sm" py={6} className={`${classes.bubble} ${mine ? classes.mine : classes.theirs}`}>
          <Text size="sm" inherit>
            {message.content}
          </Text>
        </Paper>
      )}
      <Group gap={6}>
        {pending && <Loader size={10} aria-hidden />}
        <Text size="xs" c="dimmed">
          {pending ? 'Sending…' : messageTime(message.createdAt)}
        </Text>
      </Group>
    </Stack>
  );
}
