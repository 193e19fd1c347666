import { tracked, type TrackedEnvelope } from '@trpc/server';
import type { SocialEvent } from '../../../shared/social/types';
import type { AppDeps } from '../../depsTypes';
import { messagesAfter, newestMessageId } from './messageRows';

/** Messages read per database round while catching up. */
const BATCH = 100;

/**
 * The `social.messages` stream for one user: every message to or from them after `lastEventId`, in id order,
 * each exactly once, as tracked events (id = message id), then live ones as they are stored; plus a 'friends' event
 * when their friends or requests change.
 *
 * Order matters (tRPC's next-sse-chat example does the same): the wake-up listener is registered before the first
 * read, so a message stored between the read and the wait still wakes the loop, and every read asks the database
 * for ids above the last one delivered, so a wake-up that duplicates a catch-up row yields nothing twice. A fresh
 * subscription (no last event id) starts after the newest message at that moment; the client reloads what it shows
 * once the subscription has started.
 */
export async function* messageFeed(
  deps: Pick<AppDeps, 'db' | 'socialWakeups'>,
  userId: string,
  lastEventId: string | null | undefined,
  signal: AbortSignal,
): AsyncGenerator<TrackedEnvelope<SocialEvent>> {
  const wakeup = deps.socialWakeups.listen(userId);
  try {
    let after = lastEventId ? Number(lastEventId) : await newestMessageId(deps.db);
    while (!signal.aborted) {
      const { friends } = wakeup.take();
      if (friends) yield tracked(String(after), { type: 'friends' });
      for (;;) {
        const batch = await messagesAfter(deps.db, userId, after, BATCH);
        for (const message of batch) {
          after = message.id;
          yield tracked(String(message.id), { type: 'message', message });
        }
        if (batch.length < BATCH || signal.aborted) break;
      }
      await wakeup.next(signal);
    }
  } finally {
    wakeup.close();
  }
}
