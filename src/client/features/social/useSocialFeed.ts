import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { SocialEvent } from '../../../shared/social/types';
import { isUnauthorized } from '../../lib/errors';
import { socketReconnectAttempt } from '../../lib/sharedSocket';
import { useTRPCClient } from '../../lib/trpc';

export type FeedStatus =
  | { kind: 'connecting' }
  | { kind: 'connected' }
  /** Lost; reconnect attempt `attempt` is under way or scheduled. */
  | { kind: 'reconnecting'; attempt: number }
  /** Refused (signed out meanwhile): `reconnect()` starts again. */
  | { kind: 'offline' };

interface Handlers {
  onEvent: (event: SocialEvent) => void;
  /** The subscription (re)started: anything sent before it began is in the database, so reload what is shown. */
  onStarted: () => void;
}

/**
 * The signed-in app's real-time channel for messages: the `social.messages` subscription over the tab's one
 * websocket (lib/sharedSocket.ts, which retries a lost connection for as long as the page is open). After a drop,
 * tRPC sends the subscription again with the last event id it saw, so the messages missed meanwhile arrive once,
 * before live ones (the server's tracked events); a subscription started again by `reconnect()` resumes the same way.
 */
export function useSocialFeed(
  userId: string | null,
  handlers: Handlers,
): { status: FeedStatus; reconnect: () => void } {
  const client = useTRPCClient();
  const [started, setStarted] = useState<'connecting' | 'connected' | 'lost' | 'offline'>('connecting');
  const attempt = socketReconnectAttempt.use();
  const [generation, setGeneration] = useState(0);
  const latest = useRef(handlers);
  // The latest value for callbacks that outlive a render; set after commit, since refs are not written during render.
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  /** Kept across subscriptions, so one started again resumes where the last one stopped. */
  const lastEventId = useRef<string | null>(null);

  // A new subscription (another user, or reconnect()) starts out connecting: adjusted while rendering, not in the effect.
  const subscriptionKey = `${userId} ${generation}`;
  const [seenKey, setSeenKey] = useState(subscriptionKey);
  if (subscriptionKey !== seenKey) {
    setSeenKey(subscriptionKey);
    setStarted('connecting');
  }

  useEffect(() => {
    if (!userId) return;
    let done = false;
    const subscription = client.social.messages.subscribe(
      lastEventId.current ? { lastEventId: lastEventId.current } : undefined,
      {
        onStarted: () => {
          setStarted('connected');
          latest.current.onStarted();
        },
        onData: (event) => {
          if (event.id) lastEventId.current = event.id;
          latest.current.onEvent(event.data);
        },
        onConnectionStateChange: (state) => {
          if (state.state === 'connecting' && state.error && !done) setStarted('lost');
        },
        onError: (error) => {
          // Signed out meanwhile (the page is about to leave) or refused: this subscription is over.
          done = true;
          setStarted('offline');
          if (!isUnauthorized(error)) console.error('Real-time messaging stopped', error);
        },
        onComplete: () => {
          if (!done) setStarted('offline');
        },
      },
    );
    return () => {
      done = true;
      subscription.unsubscribe();
    };
  }, [client, userId, generation]);

  const reconnect = useCallback(() => setGeneration((g) => g + 1), []);
  // One object per state, so what reads it (the social hub's status line) updates only when it changes.
  const status = useMemo<FeedStatus>(
    () => (started === 'lost' ? { kind: 'reconnecting', attempt: Math.max(1, attempt) } : { kind: started }),
    [started, attempt],
  );
  return { status, reconnect };
}
