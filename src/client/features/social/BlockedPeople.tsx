import { Button, Card, Group, Stack, Text, Title } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { errorBodyOf } from '../../lib/errors';
import { toast } from '../../lib/toast';
import { useTRPC } from '../../lib/trpc';
import { PersonSummary } from './PersonSummary';

/**
 * The people this user blocked, each with Unblock (shown only when there are some). Unblocking lets the two find
 * each other again; it does not bring the friendship back.
 */
export function BlockedPeople() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const blocked = useQuery(trpc.social.blocked.queryOptions());
  const unblock = useMutation(
    trpc.social.unblock.mutationOptions({
      onSuccess: (result) => {
        void toast({ title: result.message });
        void queryClient.invalidateQueries({ queryKey: trpc.social.blocked.queryKey() });
        void queryClient.invalidateQueries({ queryKey: trpc.social.searchUsers.queryKey() });
      },
      onError: (error) => toast({ title: 'Error', description: errorBodyOf(error).message, variant: 'destructive' }),
    }),
  );
  if (!blocked.data?.length) return null;
  return (
    <Card withBorder radius="lg" p={{ base: 'md', sm: 'lg' }} data-testid="blocked-people">
      <Stack gap="sm">
        <div>
          <Title order={2} fz="lg">
            Blocked people
          </Title>
          <Text size="sm" c="dimmed">
            They cannot find you, message you or send you friend requests.
          </Text>
        </div>
        <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Blocked people">
          {blocked.data.map((person) => (
            <Group component="li" key={person.id} justify="space-between" wrap="wrap" gap="sm" py={6}>
              <PersonSummary person={person} name={person.displayName} detail={`@${person.username}`} />
              <Button
                size="xs"
                variant="default"
                ml="auto"
                loading={unblock.isPending && unblock.variables?.userId === person.id}
                onClick={() => unblock.mutate({ userId: person.id })}
                aria-label={`Unblock ${person.displayName}`}
              >
                Unblock
              </Button>
            </Group>
          ))}
        </Stack>
      </Stack>
    </Card>
  );
}
