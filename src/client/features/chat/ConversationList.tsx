import { ActionIcon, Center, Group, Loader, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { IconMessage, IconTrash } from '@tabler/icons-react';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import classes from './AgentChat.module.css';

interface Props {
  activeId: string | null;
  onOpen: (id: string) => void;
  onDeleted: (id: string) => void;
  disabled: boolean;
}

const when = (iso: string) =>
  new Date(iso).toLocaleDateString([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });

/** Past conversations, newest first: open one to resume it, or delete it. */
export function ConversationList({ activeId, onOpen, onDeleted, disabled }: Props) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.chat.conversations.queryOptions(undefined, { staleTime: 0 }));
  const remove = useMutation(
    trpc.chat.deleteConversation.mutationOptions({
      onSuccess: (_data, { id }) => {
        onDeleted(id);
        void queryClient.invalidateQueries({ queryKey: trpc.chat.conversations.queryKey() });
      },
      onError: (error) => toast({ title: 'Error', description: errorBodyOf(error).message, variant: 'destructive' }),
    }),
  );

  if (list.isPending) {
    return (
      <Center py="md">
        <Loader size="sm" />
      </Center>
    );
  }
  if (list.isLoadingError)
    return (
      <Text size="sm" c="red">
        {errorBodyOf(list.error).message}
      </Text>
    );
  if (list.data.length === 0) {
    return (
      <Text size="sm" c="dimmed" ta="center" py="md" data-testid="no-conversations">
        No conversations yet.
      </Text>
    );
  }
  return (
    <ScrollArea.Autosize mah="100%" type="auto">
      <Stack gap={4} component="ul" className={classes.conversationList} aria-label="Past conversations">
        {list.data.map((c) => (
          <Group
            key={c.id}
            component="li"
            gap={4}
            wrap="nowrap"
            className={classes.conversation}
            data-active={c.id === activeId || undefined}
            data-testid="conversation"
          >
            <UnstyledButton className={classes.conversationButton} onClick={() => onOpen(c.id)} disabled={disabled}>
              <Group gap={8} wrap="nowrap">
                <IconMessage size={16} style={{ flex: 'none' }} />
                <div style={{ minWidth: 0 }}>
                  <Text size="sm" truncate>
                    {c.title}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {when(c.updatedAt)} · {c.messageCount / 2} {c.messageCount === 2 ? 'question' : 'questions'}
                  </Text>
                </div>
              </Group>
            </UnstyledButton>
            <ActionIcon
              variant="subtle"
              color="red"
              aria-label={`Delete conversation ${c.title}`}
              onClick={() => remove.mutate({ id: c.id })}
              disabled={disabled || remove.isPending}
            >
              <IconTrash size={16} />
            </ActionIcon>
          </Group>
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}
