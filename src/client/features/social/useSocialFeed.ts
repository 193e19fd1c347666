import { createTRPCClient, createWSClient, wsLink } from '@trpc/client';
import { useEffect, useRef, useState } from 'react';
import superjson from 'superjson';
import type { AppRouter } from '../../../server/trpc/router';
import { reconnectDelayMs, SOCKET_RECONNECT } from '../../../shared/social/limits';
import type { SocialEvent } from '../../../shared/social/types';
import { isUnauthorized } from '../../lib/errors';
import { websocketUrl } from '../../lib/trpc';

export type FeedStatus =
  | { kind: 'connecting' }
  | { kind: 'connected' }
  /** Lost; attempt `attempt` of SOCKET_RECONNECT.attempts is scheduled. */
  | { kind: 'reconnecting'; attempt: number }
  /** Gave up after the last attempt (or signed out); `reconnect()` starts again. */
  | { kind: 'offline' };

interface Handlers {
  onEvent: (event: SocialEvent) => void;
  /** The subscription (re)started: anything sent before it began is in the database, so reload what is shown. */
  onStarted: () => void;
}

/**
 * The social screen's real-time channel (SPEC sections 4 and 9): a websocket of its own that connects when the
 * screen opens for a signed-in user, runs the `social.messages` subscription, reconnects up to 5 times waiting
 * 1 s, 2 s, 4 s, 8 s, 16 s, and closes when the screen is left. Its identity is the session of the moment it
 * opens, so a different user gets a new socket. Reconnecting resumes from the last event id: every message
 * missed meanwhile arrives once (the server's tracked events).
 */
export function useSocialFeed(userId: string | null, handlers: Handlers): { status: FeedStatus; reconnect: () => void } {
  const [status, setStatus] = useState<FeedStatus>({ kind: 'connecting' });
  const [generation, setGeneration] = useState(0);
  const latest = useRef(handlers);
  latest.current = handlers;
  /** Kept across sockets, so "Reconnect" after giving up still resumes where the last socket stopped. */
  const lastEventId = useRef<string | null>(null);

  useEffect(() => {
    if (!userId) return;
    setStatus({ kind: 'connecting' });
    let closedOnPurpose = false;
    const socket = createWSClient({
      url: () => websocketUrl('/trpc'),
      retryDelayMs: (attemptIndex) => {
        if (attemptIndex >= SOCKET_RECONNECT.attempts) {
          // Five attempts failed: stop (closing completes the subscription) and let the person retry.
          closedOnPurpose = true;
          setStatus({ kind: 'offline' });
          void socket.close();
          return 0;
        }
        setStatus({ kind: 'reconnecting', attempt: attemptIndex + 1 });
        return reconnectDelayMs(attemptIndex);
      },
    });
    const client = createTRPCClient<AppRouter>({ links: [wsLink({ client: socket, transformer: superjson })] });
    const subscription = client.social.messages.subscribe(lastEventId.current ? { lastEventId: lastEventId.current } : undefined, {
      onStarted: () => {
        setStatus({ kind: 'connected' });
        latest.current.onStarted();
      },
      onData: (event) => {
        if (event.id) lastEventId.current = event.id;
        latest.current.onEvent(event.data);
      },
      onConnectionStateChange: (state) => {
        if (state.state === 'connecting' && state.error && !closedOnPurpose) setStatus((s) => (s.kind === 'reconnecting' ? s : { kind: 'reconnecting', attempt: 1 }));
      },
      onError: (error) => {
        // Signed out meanwhile (the page is about to leave) or refused: either way this socket is done.
        closedOnPurpose = true;
        setStatus({ kind: 'offline' });
        void socket.close();
        if (!isUnauthorized(error)) console.error('Real-time messaging stopped', error);
      },
      onComplete: () => {
        if (!closedOnPurpose) setStatus({ kind: 'offline' });
      },
    });
    return () => {
      closedOnPurpose = true;
      subscription.unsubscribe();
      void socket.close();
    };
  }, [userId, generation]);

  return { status, reconnect: () => setGeneration((g) => g + 1) };
}
