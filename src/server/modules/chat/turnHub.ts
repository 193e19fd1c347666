import { tracked } from '@trpc/server';
import type { ChatStreamEvent } from '../../../shared/chat/types';
import { appError } from '../../errors/appError';

/**
 * Streamed answers in flight, so a client whose websocket reconnects picks its answer up where it left off. tRPC's
 * wsLink re-subscribes with the same input plus the last event id it saw; the answer is keyed by the client's
 * request id, so the re-subscription follows the same answer instead of starting (and charging) a second one.
 * The answer runs to its end whether or not anyone listens, and is kept a little while after.
 *
 * Only accepted answers (a unit taken) are kept, and few of them: a connection may have a few running at once, a
 * user a few more across tabs, and each user's finished answers are kept only until newer ones push them out. A
 * client sending fresh request ids in a loop therefore holds a bounded amount of memory, whatever it sends.
 */

/**
 * Per instance: each server's hub counts only the answers it runs, so with several instances behind a load balancer a
 * user's running answers are capped per instance they reach. Answers resumed from another instance (chat_turns, see
 * storedTurn.ts) are followed from the database and held by none of these caps.
 */
export const TURN_LIMITS = {
  /** Answers one connection may have running at once (the chat sends one at a time). */
  inFlightPerConnection: 3,
  /** Answers one user may have running at once, across every tab. */
  inFlightPerUser: 6,
  /** Finished answers kept per user for a late re-subscription; the oldest goes first. */
  finishedPerUser: 5,
} as const;

/** How long a finished answer stays available to a re-subscribing client. */
const KEEP_FINISHED_MS = 2 * 60_000;

export const TOO_MANY_ANSWERS_ON_CONNECTION_MESSAGE = `Too many answers in progress on this connection: at most ${TURN_LIMITS.inFlightPerConnection} at once. Wait for one to finish.`;
export const TOO_MANY_ANSWERS_FOR_USER_MESSAGE = `Too many answers in progress: at most ${TURN_LIMITS.inFlightPerUser} at once across your tabs. Wait for one to finish.`;

export class LiveAnswer {
  readonly events: ChatStreamEvent[] = [];
  private finished = false;
  /** Boxed, so a failure of any type is rethrown as it came (only-throw-error sees `unknown`, not a narrowed `{}`). */
  private failure: { error: unknown } | null = null;
  private readonly waiters = new Set<() => void>();

  push(event: ChatStreamEvent): void {
    this.events.push(event);
    this.wake();
  }

  finish(failure: unknown = null): void {
    this.finished = true;
    this.failure = failure ? { error: failure } : null;
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
        if (this.failure) throw this.failure.error;
        return;
      }
      if (signal?.aborted) return;
      // The abort listener goes with each wait, so a long answer does not pile listeners on the socket's signal.
      await new Promise<void>((resolve) => {
        const done = () => {
          this.waiters.delete(done);
          signal?.removeEventListener('abort', done);
          resolve();
        };
        this.waiters.add(done);
        signal?.addEventListener('abort', done, { once: true });
      });
    }
  }
}

/** One user's answers: how many run, and the keys of the finished ones still kept, oldest first. */
interface UserTurns {
  running: number;
  finished: string[];
}

export class TurnHub {
  private readonly answers = new Map<string, LiveAnswer>();
  private readonly users = new Map<string, UserTurns>();
  /** Running answers per connection (any object standing for it). */
  private readonly runningOn = new Map<object, number>();

  /**
   * Forgets every kept answer (closeDeps). Their timers are unref'd and find nothing left to delete, so a closed
   * server holds no answers in memory.
   */
  close(): void {
    this.answers.clear();
    this.users.clear();
    this.runningOn.clear();
  }

  /** The answer this user's request started, running or kept: a re-subscription follows it. */
  find(userId: string, requestId: string): LiveAnswer | undefined {
    return this.answers.get(keyOf(userId, requestId));
  }

  /** Refuses (429) a new answer past the running caps; checked before any unit is taken. */
  assertRoom(userId: string, connection: object): void {
    if ((this.runningOn.get(connection) ?? 0) >= TURN_LIMITS.inFlightPerConnection) {
      throw appError('TOO_MANY_REQUESTS', TOO_MANY_ANSWERS_ON_CONNECTION_MESSAGE);
    }
    if ((this.users.get(userId)?.running ?? 0) >= TURN_LIMITS.inFlightPerUser) {
      throw appError('TOO_MANY_REQUESTS', TOO_MANY_ANSWERS_FOR_USER_MESSAGE);
    }
  }

  /** Starts an accepted answer (its unit already taken) and keeps it for re-subscriptions. */
  start(
    userId: string,
    connection: object,
    requestId: string,
    run: (emit: (event: ChatStreamEvent) => void) => Promise<unknown>,
  ): LiveAnswer {
    const key = keyOf(userId, requestId);
    const answer = new LiveAnswer();
    this.answers.set(key, answer);
    const user = this.users.get(userId) ?? { running: 0, finished: [] };
    this.users.set(userId, user);
    user.running++;
    this.runningOn.set(connection, (this.runningOn.get(connection) ?? 0) + 1);
    const settle = (failure: unknown) => {
      answer.finish(failure);
      user.running--;
      const left = (this.runningOn.get(connection) ?? 1) - 1;
      if (left > 0) this.runningOn.set(connection, left);
      else this.runningOn.delete(connection);
      this.keepFinished(userId, user, key);
    };
    run((event) => answer.push(event)).then(
      () => settle(null),
      (error: unknown) => settle(error ?? new Error('the answer failed')),
    );
    return answer;
  }

  /** Answers kept, running or finished. */
  get size(): number {
    return this.answers.size;
  }

  private keepFinished(userId: string, user: UserTurns, key: string): void {
    user.finished.push(key);
    while (user.finished.length > TURN_LIMITS.finishedPerUser) this.answers.delete(user.finished.shift()!);
    setTimeout(() => {
      const at = user.finished.indexOf(key);
      if (at < 0) return; // pushed out by newer answers already
      user.finished.splice(at, 1);
      this.answers.delete(key);
      if (user.running === 0 && user.finished.length === 0 && this.users.get(userId) === user)
        this.users.delete(userId);
    }, KEEP_FINISHED_MS).unref();
  }
}

const keyOf = (userId: string, requestId: string) => `${userId}:${requestId}`;

/**
 * The server's hub: one per server, built in the composition root (AppDeps.turns), so test servers in one process
 * never share answers.
 */
export function turnHubFor(deps: { turns: TurnHub }): TurnHub {
  return deps.turns;
}
