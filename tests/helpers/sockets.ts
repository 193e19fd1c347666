import superjson from 'superjson';
import type { Json } from './http';
import WebSocket from 'ws';

/**
 * Websocket helpers for API tests. `TrpcSocket` speaks tRPC's websocket protocol by hand (no client library), so a
 * test sees exactly what the server sends and the socket never reconnects behind the test's back.
 */

export interface SocketOptions {
  /** "name=value" as a browser would send it. */
  cookie?: string;
  /** Defaults to the server's own origin, as a browser on the page would send it. */
  origin?: string | null;
  headers?: Record<string, string>;
  /** Loopback address to connect from (127.0.0.2 stands for a second client). */
  localAddress?: string;
}

export type UpgradeOutcome = { kind: 'open'; ws: WebSocket } | { kind: 'refused'; status: number; body: Json };

/** Opens a websocket and reports either the open socket or the HTTP answer that refused the upgrade. */
export function openSocket(baseUrl: string, path: string, options: SocketOptions = {}): Promise<UpgradeOutcome> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.cookie) headers.cookie = options.cookie;
  const origin = options.origin === undefined ? baseUrl : options.origin;
  const ws = new WebSocket(baseUrl.replace(/^http/, 'ws') + path, {
    headers,
    ...(origin ? { origin } : {}),
    ...(options.localAddress ? { localAddress: options.localAddress } : {}),
  });
  return new Promise((resolve, reject) => {
    ws.once('open', () => resolve({ kind: 'open', ws }));
    ws.once('unexpected-response', (_req, res) => {
      let text = '';
      res.on('data', (chunk: Buffer) => (text += chunk.toString()));
      res.on('end', () => {
        let body: Json = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: keep the text
        }
        resolve({ kind: 'refused', status: res.statusCode ?? 0, body });
      });
    });
    ws.once('error', (error) => reject(error));
  });
}

export interface CloseInfo {
  code: number;
  reason: string;
}

/** Resolves when the socket is closed (by either side), with the close code and reason. */
export function closedOf(ws: WebSocket): Promise<CloseInfo> {
  if (ws.readyState === WebSocket.CLOSED) return Promise.resolve({ code: 1006, reason: '' });
  return new Promise((resolve) => ws.once('close', (code, reason) => resolve({ code, reason: reason.toString() })));
}

export type CallResult =
  { ok: true; data: Json } | { ok: false; error: { message: string; code: string; httpStatus: number; app: Json } };

interface Pending {
  resolve: (result: CallResult) => void;
}

export class TrpcSocket {
  private nextId = 1;
  private readonly pending = new Map<number, Pending>();
  private readonly subscriptions = new Map<number, (message: Json) => void>();
  readonly closed: Promise<CloseInfo>;

  private constructor(readonly ws: WebSocket) {
    this.closed = closedOf(ws);
    ws.on('message', (raw) => {
      const text = rawText(raw);
      if (text === 'PING') return ws.send('PONG');
      if (text === 'PONG') return;
      const message = JSON.parse(text);
      const id = message.id as number;
      const subscription = this.subscriptions.get(id);
      if (subscription) return subscription(message);
      const pending = this.pending.get(id);
      if (!pending) return;
      this.pending.delete(id);
      pending.resolve(toResult(message));
    });
    // An answer that never comes because the server closed the socket is a result too.
    void this.closed.then(() => {
      for (const [id, pending] of this.pending) {
        this.pending.delete(id);
        pending.resolve({ ok: false, error: { message: 'socket closed', code: 'CLOSED', httpStatus: 0, app: null } });
      }
    });
  }

  static async open(baseUrl: string, options: SocketOptions = {}): Promise<TrpcSocket> {
    const outcome = await openSocket(baseUrl, '/trpc', options);
    if (outcome.kind !== 'open')
      throw new Error(`/trpc upgrade refused: ${outcome.status} ${JSON.stringify(outcome.body)}`);
    return new TrpcSocket(outcome.ws);
  }

  /** Speaks tRPC on a socket opened with `openSocket`. */
  static wrap(ws: WebSocket): TrpcSocket {
    return new TrpcSocket(ws);
  }

  get isOpen(): boolean {
    return this.ws.readyState === WebSocket.OPEN;
  }

  private send(id: number, method: string, path: string, input: unknown): void {
    this.ws.send(JSON.stringify({ id, method, params: { path, input: superjson.serialize(input) } }));
  }

  /** A query or mutation; resolves with its data or its error (or 'CLOSED' when the socket closed first). */
  call(method: 'query' | 'mutation', path: string, input?: unknown): Promise<CallResult> {
    const id = this.nextId++;
    const result = new Promise<CallResult>((resolve) => this.pending.set(id, { resolve }));
    if (this.isOpen) this.send(id, method, path, input);
    else {
      this.pending.delete(id);
      return Promise.resolve({
        ok: false,
        error: { message: 'socket closed', code: 'CLOSED', httpStatus: 0, app: null },
      });
    }
    return result;
  }

  /**
   * Starts a subscription. `outcome` resolves with 'started' or the refusal; `data` collects the pushed values;
   * `ended` resolves when the server stops it, fails it, or the socket closes.
   */
  subscribe(path: string, input: unknown) {
    const id = this.nextId++;
    const data: Json[] = [];
    /** The error that ended the subscription, when one did (also after it had started). */
    const failure: { error: Extract<CallResult, { ok: false }>['error'] | null } = { error: null };
    let settle!: (outcome: CallResult) => void;
    let end!: (why: string) => void;
    const outcome = new Promise<CallResult>((resolve) => (settle = resolve));
    const ended = new Promise<string>((resolve) => (end = resolve));
    this.subscriptions.set(id, (message) => {
      if (message.error) {
        const result = toResult(message);
        if (!result.ok) failure.error = result.error;
        settle(result);
        end('error');
        this.subscriptions.delete(id);
      } else if (message.result?.type === 'started') settle({ ok: true, data: null });
      else if (message.result?.type === 'data') data.push(superjson.deserialize(message.result.data));
      else if (message.result?.type === 'stopped') {
        end('stopped');
        this.subscriptions.delete(id);
      }
    });
    void this.closed.then(() => {
      settle({ ok: false, error: { message: 'socket closed', code: 'CLOSED', httpStatus: 0, app: null } });
      end('closed');
    });
    if (this.isOpen) this.send(id, 'subscription', path, input);
    return {
      id,
      outcome,
      data,
      ended,
      failure,
      stop: () => {
        if (this.isOpen) this.ws.send(JSON.stringify({ id, method: 'subscription.stop' }));
      },
    };
  }

  /** Sends many subscriptions in one websocket message (a batch), as an attacker would to save round trips. */
  subscribeBatch(path: string, inputs: unknown[]) {
    const subs = inputs.map((input) => {
      const id = this.nextId++;
      let settle!: (outcome: CallResult) => void;
      const outcome = new Promise<CallResult>((resolve) => (settle = resolve));
      this.subscriptions.set(id, (message) => {
        if (message.error) settle(toResult(message));
        else if (message.result?.type === 'started') settle({ ok: true, data: null });
      });
      return { id, input, outcome };
    });
    void this.closed.then(() =>
      subs.forEach((s) =>
        this.subscriptions.get(s.id)?.({
          error: { json: { message: 'socket closed', code: -1, data: { code: 'CLOSED' } } },
        }),
      ),
    );
    this.ws.send(
      JSON.stringify(
        subs.map((s) => ({ id: s.id, method: 'subscription', params: { path, input: superjson.serialize(s.input) } })),
      ),
    );
    return subs.map((s) => s.outcome);
  }

  close(): void {
    this.ws.close();
  }
}

function toResult(message: Json): CallResult {
  if (message.error) {
    const error = superjson.deserialize<Json>(message.error);
    return {
      ok: false,
      error: {
        message: error.message,
        code: error.data?.code,
        httpStatus: error.data?.httpStatus,
        app: error.data?.app,
      },
    };
  }
  return { ok: true, data: superjson.deserialize(message.result.data) };
}

/** A ws message's text, whether it arrived as one buffer, fragments or an ArrayBuffer. */
export function rawText(raw: WebSocket.RawData): string {
  return (Buffer.isBuffer(raw) ? raw : Array.isArray(raw) ? Buffer.concat(raw) : Buffer.from(raw)).toString();
}
