import type { ChatStreamEvent } from '../../../shared/chat/types';
import type { AppDeps } from '../../depsTypes';
import { failureText, recordTurnEvents } from './turnRecords';

/** How long events wait to be written together: a streamed answer costs a few writes a second, never one per token. */
export const RECORD_EVERY_MS = 150;
/**
 * A running answer with nothing new to write (the engine thinking, a slow tool) still touches its row this often, so
 * a follower elsewhere can tell a quiet answer from one whose instance died.
 */
export const RECORD_HEARTBEAT_MS = 5_000;

export type TurnRecorderDeps = Pick<AppDeps, 'db' | 'bus' | 'now' | 'log'>;

/**
 * Writes one running answer's events to its chat_turns row (claimed before the first event) in batches, and its end.
 * A batch is armed by the first event after a write and never while one is under way, so a slow database means
 * bigger batches, not a queue of writes. Each write that records something wakes followers on other instances
 * through the bus (ids only; they read the row). A failed write is logged and the answer goes on: the next write
 * carries every event not yet recorded, and a row left behind for good reads as an interrupted answer once stale.
 */
export class TurnRecorder {
  private readonly events: ChatStreamEvent[] = [];
  /** Events the row is known to hold. */
  private written = 0;
  private batch: NodeJS.Timeout | null = null;
  private inFlight = false;
  private readonly heartbeat: NodeJS.Timeout;
  private lastWriteAt: number;
  private writing: Promise<void> = Promise.resolve();
  private ended = false;

  constructor(
    private readonly deps: TurnRecorderDeps,
    private readonly userId: string,
    private readonly requestId: string,
  ) {
    this.lastWriteAt = deps.now();
    this.heartbeat = setInterval(() => {
      if (!this.batch && !this.inFlight && this.deps.now() - this.lastWriteAt >= RECORD_HEARTBEAT_MS) {
        void this.write();
      }
    }, RECORD_HEARTBEAT_MS);
    this.heartbeat.unref();
  }

  push(event: ChatStreamEvent): void {
    if (this.ended) return;
    this.events.push(event);
    this.arm();
  }

  /** Writes the rest and the end (`failure` null for a complete answer). Never rejects. */
  finish(failure: unknown): Promise<void> {
    if (this.ended) return this.writing;
    this.ended = true;
    clearInterval(this.heartbeat);
    return this.write({ failure: failure ? failureText(failure) : null });
  }

  private arm(): void {
    if (this.batch || this.inFlight || this.ended) return;
    this.batch = setTimeout(() => void this.write(), RECORD_EVERY_MS);
    this.batch.unref();
  }

  /** Writes are chained, so they land in order and each carries every event pushed before it ran. */
  private write(end?: { failure: string | null }): Promise<void> {
    if (this.batch) clearTimeout(this.batch);
    this.batch = null;
    this.inFlight = true;
    this.writing = this.writing.then(async () => {
      const count = this.events.length;
      try {
        this.lastWriteAt = this.deps.now();
        const { db } = this.deps;
        await recordTurnEvents(db, this.userId, this.requestId, this.events, this.written, this.lastWriteAt, end);
      } catch (err) {
        this.deps.log.warn({ err, requestId: this.requestId }, 'could not record the streamed answer');
        return;
      } finally {
        this.inFlight = false;
      }
      if (end || count > this.written) {
        this.written = count;
        this.deps.bus.publish('chat.turnProgressed', { userId: this.userId, requestId: this.requestId });
      }
      if (this.events.length > this.written) this.arm();
    });
    return this.writing;
  }
}
