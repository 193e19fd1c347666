import { TrpcHttpError } from '../plainTrpcQuery';
import { onSignedInUserChange } from '../socketIdentity';

/**
 * tRPC subscriptions over a websocket without the tRPC client (the trading page's JavaScript budget has no room for
 * it), speaking the protocol of @trpc/server's ws adapter as wsLink does: `{id, method: 'subscription', params:
 * {path, input: {json}}}` to start, `{id, method: 'subscription.stop'}` to stop; answers `{id, result: {type:
 * 'started' | 'data' | 'stopped', data: {json}}}` or `{id, error: {json}}`; the text PING is answered PONG (the
 * server's keep-alive), and `{method: 'reconnect'}` reopens the socket. Like wsLink with `lazy`, the socket opens
 * with the first subscription, closes 10 s after the last one ends, and reopens after a drop (0 s, then 2 s,
 * 4 s… up to 30 s) sending its running subscriptions again. Only for plain-JSON inputs and events.
 */

export interface SubscriptionHandlers<T> {
  onData(data: T): void;
  onError(error: unknown): void;
}

interface Running {
  message: string;
  handlers: SubscriptionHandlers<unknown>;
}

const CLOSE_IDLE_MS = 10_000;
const running = new Map<number, Running>();
let nextId = 1;
let socket: WebSocket | null = null;
let attempts = 0;
let reopenTimer: ReturnType<typeof setTimeout> | undefined;
let idleTimer: ReturnType<typeof setTimeout> | undefined;

function socketUrl(): string {
  const { protocol, host } = window.location;
  return `${protocol === 'https:' ? 'wss' : 'ws'}://${host}/trpc`;
}

function open(): void {
  clearTimeout(reopenTimer);
  const ws = new WebSocket(socketUrl());
  socket = ws;
  ws.addEventListener('open', () => {
    attempts = 0;
    for (const sub of running.values()) ws.send(sub.message);
  });
  ws.addEventListener('message', (event: MessageEvent<string>) => {
    if (event.data === 'PING') return ws.send('PONG');
    if (event.data === 'PONG') return;
    onMessage(ws, JSON.parse(event.data) as Answer);
  });
  ws.addEventListener('close', () => {
    if (socket !== ws) return;
    socket = null;
    if (running.size === 0) return;
    const delay = attempts === 0 ? 0 : Math.min(1000 * 2 ** attempts, 30_000);
    attempts += 1;
    reopenTimer = setTimeout(open, delay);
  });
}

interface Answer {
  id?: number | null;
  method?: string;
  result?: { type: 'started' | 'data' | 'stopped'; data?: { json?: unknown } };
  error?: { json?: { message?: string; data?: TrpcHttpError['data'] } };
}

function onMessage(ws: WebSocket, answer: Answer): void {
  if (answer.method === 'reconnect') return void ws.close();
  const sub = answer.id == null ? undefined : running.get(answer.id);
  if (!sub) return;
  if (answer.error) {
    running.delete(answer.id!);
    sub.handlers.onError(
      new TrpcHttpError(answer.error.json?.message ?? 'Subscription failed', answer.error.json?.data),
    );
  } else if (answer.result?.type === 'data') {
    sub.handlers.onData(answer.result.data?.json);
  } else if (answer.result?.type === 'stopped') {
    running.delete(answer.id!);
  }
}

/** Starts a subscription; the returned function stops it. */
export function subscribe<T>(path: string, input: unknown, handlers: SubscriptionHandlers<T>): () => void {
  const id = nextId++;
  const message = JSON.stringify({ id, method: 'subscription', params: { path, input: { json: input } } });
  running.set(id, { message, handlers: handlers });
  clearTimeout(idleTimer);
  if (!socket) open();
  else if (socket.readyState === WebSocket.OPEN) socket.send(message);
  return () => {
    if (!running.delete(id)) return;
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify({ id, method: 'subscription.stop' }));
    if (running.size === 0) idleTimer = setTimeout(closeSocket, CLOSE_IDLE_MS);
  };
}

function closeSocket(): void {
  if (running.size > 0) return;
  const ws = socket;
  socket = null;
  ws?.close(1000, 'No subscriptions');
}

// The socket speaks for whoever was signed in when it opened (see socketIdentity): reopened when that changes.
onSignedInUserChange(() => {
  const ws = socket;
  if (ws && (ws.readyState === WebSocket.OPEN || ws.readyState === WebSocket.CONNECTING)) {
    ws.close(1000, 'Signed-in user changed');
  }
});
