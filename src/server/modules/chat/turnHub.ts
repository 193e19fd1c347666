import { tracked } from '@trpc/server';
import type { ChatStreamEvent } from '../../../shared/chat/types';

/**
 * Streamed answers in flight, so a client whose websocket reconnects picks its answer up where it left off. tRPC's
 * wsLink re-subscribes with the same input plus the last event id it saw; the answer is keyed by the client's
 * request id, so the re-subscription follows the same answer instead of starting (and charging) a second one.
 * The answer runs to its end whether or not anyone listens, and is kept a little while after.
 */

/** How long a finished answer stays available to a re-subscribing client. */
const KEEP_FINISHED_MS = 2 * 60_000;

export class LiveAnswer {
  readonly events: ChatStreamEvent[] = [];
  private finished = false;
  private failure: unknown = null;
  private readonly waiters = new Set<() => void>();

  push(event: ChatStreamEvent): void {
    this.events.push(event);
    this.wake();
  }

  finish(failure: unknown = null): void {
    this.finished = true;
    this.failure = failure;
    this.wake();
  }

  get done(): boolean {
    return this.finished;
  }

  private wake(): void {
    for (const waiter of this.waiters) waiter();
    this.waiters.clear();
  }

  /** Events from index `from` on, then new ones as they come, as tRPC tracked events (id = index). */
  async *follow(from: number, signal: AbortSignal | undefined) {
    let next = Math.max(0, from);
    while (true) {
      while (next < this.events.length) {
        yield tracked(String(next), this.events[next]);
        next++;
      }
      if (this.finished) {
        if (this.failure) throw this.failure;
        return;
      }
      if (signal?.aborted) return;
      await new Promise<void>((resolve) => {
        this.waiters.add(resolve);
        signal?.addEventListener('abort', () => resolve(), { once: true });
      });
    }
  }
}

export class TurnHub {
  private readonly answers = new Map<string, LiveAnswer>();

  /** The answer for this user and request: the one already running, or a new one started with `run`. */
  begin(userId: string, requestId: string, run: (emit: (event: ChatStreamEvent) => void) => Promise<unknown>): LiveAnswer {
    const key = `${userId}:${requestId}`;
    const existing = this.answers.get(key);
    if (existing) return existing;
    const answer = new LiveAnswer();
    this.answers.set(key, answer);
    const forget = () => setTimeout(() => this.answers.delete(key), KEEP_FINISHED_MS).unref();
    run((event) => answer.push(event)).then(
      () => {
        answer.finish();
        forget();
      },
      (error: unknown) => {
        answer.finish(error);
        forget();
      },
    );
    return answer;
  }

  get size(): number {
    return this.answers.size;
  }
}

const hubs = new WeakMap<object, TurnHub>();

/** One hub per server (per deps object), so test servers in one process never share answers. */
export function turnHubFor(owner: object): TurnHub {
  let hub = hubs.get(owner);
  if (!hub) {
    hub = new TurnHub();
    hubs.set(owner, hub);
  }
  return hub;
}
