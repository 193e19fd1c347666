import { Text } from '@mantine/core';
import { IconMessages } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useTRPC } from '../../lib/trpc';
import { countUnread } from '../../lib/unreadMessages';
import { GlanceCard } from './GlanceCard';

/** Unread direct messages across all friends (the friend list carries each conversation's unread count). */
export function UnreadGlance() {
  const trpc = useTRPC();
  const friends = useQuery(trpc.social.friends.queryOptions());
  const unread = friends.data && countUnread(friends.data);

  let body = null;
  if (friends.isLoadingError) body = <Text size="sm">Could not load your messages.</Text>;
  else if (unread !== undefined) {
    body = (
      <>
        <Text fz={26} fw={700} data-testid="dashboard-unread">
          {unread}
        </Text>
        <Text size="sm" c="dimmed">
          {unread === 1 ? 'unread message' : 'unread messages'}
        </Text>
      </>
    );
  }
  return (
    <GlanceCard
      icon={IconMessages}
      color="grape"
      title="Messages"
      testId="dashboard-messages"
      link={{ to: '/social', label: 'Open the Social Hub' }}
    >
      {body}
    </GlanceCard>
  );
}
