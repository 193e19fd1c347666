import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { useCallback, useEffect, useLayoutEffect, useRef, useState } from 'react';
import superjson from 'superjson';
import type { AppRouter } from '../../../server/trpc/router';
import { reconnectDelayMs } from '../../../shared/social/limits';
import type { SocialEvent } from '../../../shared/social/types';
import { isUnauthorized } from '../../lib/errors';
import { websocketUrl } from '../../lib/trpc';

export type FeedStatus =
  | { kind: 'connecting' }
  | { kind: 'connected' }
  /** Lost; reconnect attempt `attempt` is scheduled. */
  | { kind: 'reconnecting'; attempt: number }
  /** Refused (signed out meanwhile): `reconnect()` starts again. */
  | { kind: 'offline' };

interface Handlers {
  onEvent: (event: SocialEvent) => void;
  /** The subscription (re)started: anything sent before it began is in the database, so reload what is shown. */
  onStarted: () => void;
}

/**
 * The signed-in app's real-time channel for messages: a websocket of its own running the `social.messages`
 * subscription. A lost connection is retried for as long as the page is open, waiting 1 s, 2 s, 4 s... up to 30 s
 * between attempts, and at once when the browser comes back online or the tab becomes visible again. Every new
 * socket resumes from the last event id it saw, so the messages missed meanwhile arrive once, before live ones
 * (the server's tracked events). Its identity is the session of the moment it opens, so a different user gets a
 * new socket.
 */
export function useSocialFeed(
  userId: string | null,
  handlers: Handlers,
): { status: FeedStatus; reconnect: () => void } {
  const [status, setStatus] = useState<FeedStatus>({ kind: 'connecting' });
  const [generation, setGeneration] = useState(0);
  const latest = useRef(handlers);
  // The latest value for callbacks that outlive a render; set after commit, since refs are not written during render.
  useLayoutEffect(() => {
    latest.current = handlers;
  });
  /** Kept across sockets, so a fresh socket resumes where the last one stopped. */
  const lastEventId = useRef<string | null>(null);
  const connected = useRef(false);

  // A new socket (another user, or reconnect()) starts out connecting: adjusted while rendering, not in the effect.
  const socketKey = `${userId} ${generation}`;
  const [seenSocketKey, setSeenSocketKey] = useState(socketKey);
  if (socketKey !== seenSocketKey) {
    setSeenSocketKey(socketKey);
    if (userId) setStatus({ kind: 'connecting' });
  }

  useEffect(() => {
    if (!userId) return;
    connected.current = false;
    let closedOnPurpose = false;
    const socket = createWSClient({
      url: () => websocketUrl('/trpc'),
      retryDelayMs: (attemptIndex) => {
        setStatus({ kind: 'reconnecting', attempt: attemptIndex + 1 });
        return reconnectDelayMs(attemptIndex);
      },
    });
    const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: socket, transformer: superjson })] });
    const subscription = client.social.messages.subscribe(
      lastEventId.current ? { lastEventId: lastEventId.current } : undefined,
      {
        onStarted: () => {
          connected.current = true;
          setStatus({ kind: 'connected' });
          latest.current.onStarted();
        },
        onData: (event) => {
          if (event.id) lastEventId.current = event.id;
          latest.current.onEvent(event.data);
        },
        onConnectionStateChange: (state) => {
          if (state.state === 'connecting' && state.error && !closedOnPurpose) {
            connected.current = false;
            setStatus((s) => (s.kind === 'reconnecting' ? s : { kind: 'reconnecting', attempt: 1 }));
          }
        },
        onError: (error) => {
          // Signed out meanwhile (the page is about to leave) or refused: either way this socket is done.
          closedOnPurpose = true;
          connected.current = false;
          setStatus({ kind: 'offline' });
          void socket.close();
          if (!isUnauthorized(error)) console.error('Real-time messaging stopped', error);
        },
        onComplete: () => {
          if (!closedOnPurpose) setStatus({ kind: 'offline' });
        },
      },
    );
    return () => {
      closedOnPurpose = true;
      subscription.unsubscribe();
      void socket.close();
    };
  }, [userId, generation]);

  // Back online, or back to the tab (timers of hidden tabs are slowed down): a lost feed reconnects now rather
  // than at the end of its current wait.
  useEffect(() => {
    if (!userId) return;
    const now = () => {
      if (!connected.current && document.visibilityState === 'visible') setGeneration((g) => g + 1);
    };
    window.addEventListener('online', now);
    document.addEventListener('visibilitychange', now);
    return () => {
      window.removeEventListener('online', now);
      document.removeEventListener('visibilitychange', now);
    };
  }, [userId]);

  const reconnect = useCallback(() => setGeneration((g) => g + 1), []);
  return { status, reconnect };
}
