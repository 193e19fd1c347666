import { tracked, type TrackedEnvelope } from '@trpc/server';
import type { SocialEvent } from '../../../shared/social/types';
import type { AppDeps } from '../../depsTypes';
import { newestMessageId, readFeed, type FeedScope } from './messageRows';

export interface FeedEvent {
  /** The id of the last message delivered with or before this event: where a reconnecting client resumes. */
  id: number;
  event: SocialEvent;
}

/**
 * The one live message feed, behind both transports (`social.messages` over tRPC, the `/ws` socket): every message
 * after `lastMessageId`, in id order, each at most once, then live ones as they are stored.
 *
 * Order matters (tRPC's next-sse-chat example does the same): the wake-up listener is registered before the first
 * read, so a message stored between the read and the wait still wakes the loop. A wake-up carries no data and the
 * loop is the only reader: one read at a time, each asking the database for ids above the last one delivered, and
 * the last delivered id (the high-water mark) is checked again as each message is handed out, so a wake-up that
 * lands during a catch-up read, or several wake-ups for one message (instances, NOTIFY's merging), send nothing
 * twice. A fresh feed (no last id) starts after the newest message at that moment.
 *
 * Scope `all`: messages to and from the user and a 'friends' event when their friends or requests change (the tRPC
 * subscription: the screen shows both sides of a conversation). `received`: messages to the user only (the spec's
 * `/ws` socket, product.md §7). The reads of the feeds woken in one turn go to the database as one (readFeed).
 */
export async function* socialFeed(
  deps: Pick<AppDeps, 'db' | 'socialWakeups'>,
  userId: string,
  from: { lastMessageId: number | null; scope: FeedScope },
  signal: AbortSignal,
): AsyncGenerator<FeedEvent> {
  const all = from.scope === 'all';
  const wakeup = deps.socialWakeups.listen(userId, { sent: all });
  try {
    let after = from.lastMessageId ?? (await newestMessageId(deps.db));
    while (!signal.aborted) {
      const { friends } = wakeup.take();
      if (friends && all) yield { id: after, event: { type: 'friends' } };
      for (;;) {
        const page = await readFeed(deps.db, { userId, afterId: after, scope: from.scope });
        for (const message of page.messages) {
          if (message.id <= after || signal.aborted) continue;
          after = message.id;
          yield { id: message.id, event: { type: 'new_message', message } };
        }
        if (page.complete || signal.aborted) break;
      }
      await wakeup.next(signal);
    }
  } finally {
    wakeup.close();
  }
}

/**
 * Where `social.messages` starts: after the last event the client saw, or, fresh, after the newest message. Read
 * before the subscription is acknowledged (the procedure awaits it; tRPC sends "started" only then), as the /ws
 * socket reads it before its ready frame: read inside the stream, a message sent right after "started" could fall
 * before the start and never be delivered.
 */
export async function messageFeedStart(deps: Pick<AppDeps, 'db'>, lastEventId: string | null | undefined) {
  return lastEventId ? Number(lastEventId) : newestMessageId(deps.db);
}

/** `social.messages`: the feed as tracked events (id = message id), so tRPC's client resumes with the last id it saw. */
export async function* messageFeed(
  deps: Pick<AppDeps, 'db' | 'socialWakeups'>,
  userId: string,
  after: number,
  signal: AbortSignal,
): AsyncGenerator<TrackedEnvelope<SocialEvent>> {
  const from = { lastMessageId: after, scope: 'all' as const };
  for await (const { id, event } of socialFeed(deps, userId, from, signal)) yield tracked(String(id), event);
}
