import { createWSClient, wsLink } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from '../../server/trpc/router';
import { reconnectDelayMs } from '../../shared/social/limits';
import { smallStore } from './smallStore';

/** tRPC's websocket on this page's own host (wss on https). */
function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/trpc`;
}

/**
 * The number of the reconnect attempt under way (1, 2, …), 0 while the socket is open or was never lost: the
 * social hub's status line says it.
 */
export const socketReconnectAttempt = smallStore(0);

/** When the next attempt may open a socket (0: now), and how to start it early. */
let nextAttemptAt = 0;
let startNow: (() => void) | null = null;
/** A socket closed on purpose (another user signed in) reopens at once, not after the first wait. */
let reopenAtOnce = false;

/** Waits until the next attempt is due, or until the browser says it is worth trying now. */
function attemptDue(): Promise<void> {
  const wait = nextAttemptAt - Date.now();
  if (wait <= 0) return Promise.resolve();
  return new Promise((resolve) => {
    const timer = setTimeout(go, wait);
    function go() {
      clearTimeout(timer);
      startNow = null;
      nextAttemptAt = 0;
      resolve();
    }
    startNow = go;
  });
}

// Back online, or back to the tab (hidden tabs' timers are slowed down): a lost socket tries again now rather than at
// the end of its current wait.
window.addEventListener('online', () => startNow?.());
document.addEventListener('visibilitychange', () => {
  if (document.visibilityState === 'visible') startNow?.();
});

/**
 * The tab's one websocket (decisions 001 and 007): live quotes, the social feed and the agent's answers all subscribe over it.
 * It opens with the first subscription and closes 10 s after the last one ends. A lost socket is tried again for as
 * long as the page is open, waiting 1 s, 2 s, 4 s… up to 30 s between attempts (product.md §9) and at once when the
 * browser comes back online; tRPC then sends the running subscriptions again, each resuming from the last event it
 * saw. The waits are tRPC's own retry loop with no delay of its own: the wait happens where tRPC asks for the URL
 * (an async `url`), which is what lets the 'online' event cut it short.
 */
const sharedSocket = createWSClient({
  url: async () => {
    await attemptDue();
    return socketUrl();
  },
  retryDelayMs: (attemptIndex) => {
    socketReconnectAttempt.set(attemptIndex + 1);
    nextAttemptAt = reopenAtOnce ? 0 : Date.now() + reconnectDelayMs(attemptIndex);
    reopenAtOnce = false;
    return 0;
  },
  onOpen: () => {
    socketReconnectAttempt.set(0);
    reopenAtOnce = false;
  },
  lazy: { enabled: true, closeMs: 10_000 },
});

/**
 * The socket speaks for whoever was signed in when it opened (its cookie): when that changes it is closed, and tRPC
 * reopens it at once with the current cookie and sends its running subscriptions again, so live quotes carry on and
 * subscriptions that need a user run as that user.
 */
export function reopenSharedSocket(): void {
  const ws = sharedSocket.connection?.ws;
  if (ws && (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING)) {
    reopenAtOnce = true;
    ws.close(1000, 'Signed-in user changed');
  }
}

/** The link lib/trpc.ts sends subscriptions through. */
export const socketLink = wsLink<AppRouter>({ client: sharedSocket, transformer: superjson });
