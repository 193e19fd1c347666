import { Badge, Box, Group, Stack, Tabs } from '@mantine/core';
import { IconInbox, IconMessages, IconUsers } from '@tabler/icons-react';
import { useEffect, useState, type ReactNode } from 'react';
import { PageHeader } from '../../components/PageHeader';
import { countLabel } from '../../lib/countLabel';
import { countUnread } from '../../lib/unreadMessages';
import { useAuth } from '../../lib/useAuth';
import { usePageTitle } from '../../lib/usePageTitle';
import { FriendsTab } from './FriendsTab';
import { MessagesTab } from './MessagesTab';
import { RealtimeStatus } from './RealtimeStatus';
import { RequestsTab } from './RequestsTab';
import { updateFeedState, useFeedState } from './feedState';
import { useSocialData } from './useSocialData';

type SocialTab = 'friends' | 'requests' | 'messages';

/**
 * /social (product.md §2, issue 11): tabs Friends (count), Requests (pending count) and Messages (unread count),
 * with the real-time status of the app's message feed.
 */
export function SocialPage() {
  usePageTitle('Social Hub');
  const { user } = useAuth();
  const me = user ? { id: user.id, firstName: user.firstName } : null;
  const { friends, pending, sendRequest, accept, reject, endFriendship, ending } = useSocialData();
  const [tab, setTab] = useState<SocialTab>('friends');
  const [selectedId, setSelectedId] = useState<string | null>(null);
  // The feed runs on every signed-in page (SocialFeed.tsx); it reads the conversation open here instead of counting it.
  const feed = useFeedState();
  const openConversationId = tab === 'messages' ? selectedId : null;
  useEffect(() => {
    updateFeedState({ openConversationId });
    return () => updateFeedState({ openConversationId: null });
  }, [openConversationId]);

  const unread = friends.data ? countUnread(friends.data) : 0;
  const answering = accept.isPending ? accept.variables?.id : reject.isPending ? reject.variables?.id : null;
  const busyId = typeof answering === 'string' ? answering : null;
  const openConversation = (friendId: string) => {
    setSelectedId(friendId);
    setTab('messages');
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-end" wrap="wrap" gap="sm">
        <PageHeader title="Social Hub" subtitle="Friends, direct messages and AI insights you share." />
        <RealtimeStatus status={feed.status} onReconnect={feed.reconnect} />
      </Group>

      <Tabs value={tab} onChange={(value) => value && setTab(value as SocialTab)} keepMounted={false}>
        <Tabs.List grow>
          <Tabs.Tab value="friends" px="xs">
            <TabLabel icon={<IconUsers size={16} aria-hidden />}>
              {countLabel('Friends', friends.data?.length)}
            </TabLabel>
          </Tabs.Tab>
          <Tabs.Tab value="requests" px="xs">
            <TabLabel icon={<IconInbox size={16} aria-hidden />}>
              {countLabel('Requests', pending.data?.length)}
            </TabLabel>
          </Tabs.Tab>
          <Tabs.Tab value="messages" px="xs">
            <TabLabel icon={<IconMessages size={16} aria-hidden />}>
              Messages
              {unread > 0 && (
                <Badge
                  size="sm"
                  color="red"
                  variant="filled"
                  aria-label={`${unread} unread`}
                  data-testid="messages-tab-unread"
                >
                  {unread}
                </Badge>
              )}
            </TabLabel>
          </Tabs.Tab>
        </Tabs.List>

        <Tabs.Panel value="friends" pt="lg">
          <FriendsTab
            friends={friends.data}
            loading={friends.isPending}
            failed={friends.isLoadingError}
            onRetry={() => void friends.refetch()}
            onAdd={(handle) => sendRequest.mutate({ username: handle })}
            adding={sendRequest.isPending}
            onMessage={openConversation}
            onEnd={endFriendship}
            ending={ending}
          />
        </Tabs.Panel>
        <Tabs.Panel value="requests" pt="lg">
          <RequestsTab
            requests={pending.data}
            loading={pending.isPending}
            failed={pending.isLoadingError}
            onRetry={() => void pending.refetch()}
            onAccept={(id) => accept.mutate({ id })}
            onReject={(id) => reject.mutate({ id })}
            busyId={busyId}
          />
        </Tabs.Panel>
        <Tabs.Panel value="messages" pt="lg">
          {me && (
            <MessagesTab
              me={me}
              friends={friends.data}
              failed={friends.isLoadingError}
              onRetry={() => void friends.refetch()}
              selectedId={selectedId}
              onSelect={setSelectedId}
            />
          )}
        </Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

/**
 * A tab's label: its icon (from tablet width up, so three tabs fit a phone) and text side by side. Counts go in as
 * one string: Group drops falsy children, and a bare 0 is one.
 */
function TabLabel({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap={6} wrap="nowrap" justify="center">
      <Box visibleFrom="sm" display="flex">
        {icon}
      </Box>
      {children}
    </Group>
  );
}
