import { randomUUID } from 'node:crypto';
import { count, gte, lt } from 'drizzle-orm';
import type { Db } from '../db/client';
import { first } from '../db/rows';
import { tablesOf } from '../db/schema';

/** How often a serving instance refreshes its row. */
export const INSTANCE_BEAT_MS = 20_000;
/** The status page counts instances seen within this window. */
export const INSTANCE_SEEN_WINDOW_MS = 60_000;
/** Rows of instances silent this long are deleted. */
const FORGET_AFTER_MS = 24 * 60 * 60_000;

/**
 * This server instance in the shared table of instances: its row is refreshed every 20 s while it serves, so the
 * status page can say how many instances are answering (one for the SQLite default, N behind a load balancer).
 */
export class InstanceBeacon {
  readonly id = randomUUID();
  private timer: NodeJS.Timeout | null = null;
  private readonly startedAt: number;

  constructor(
    private readonly db: Db,
    private readonly now: () => number,
    private readonly onError: (error: unknown) => void,
  ) {
    this.startedAt = now();
  }

  /** Starts the beats (when the server listens); the first one at once. */
  start(): void {
    if (this.timer) return;
    void this.beat();
    this.timer = setInterval(() => void this.beat(), INSTANCE_BEAT_MS);
    this.timer.unref();
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** Refreshes this instance's row and forgets long-gone ones; never rejects. */
  async beat(): Promise<void> {
    const { serverInstances } = tablesOf(this.db);
    const seenAt = this.now();
    try {
      await this.db
        .insert(serverInstances)
        .values({ id: this.id, startedAt: this.startedAt, seenAt })
        .onConflictDoUpdate({ target: serverInstances.id, set: { seenAt } });
      await this.db.delete(serverInstances).where(lt(serverInstances.seenAt, seenAt - FORGET_AFTER_MS));
    } catch (error) {
      this.onError(error);
    }
  }

  /** Instances seen in the last minute (at least this one once it has beaten). */
  async countSeen(): Promise<number> {
    const { serverInstances } = tablesOf(this.db);
    const row = await first(
      this.db
        .select({ n: count() })
        .from(serverInstances)
        .where(gte(serverInstances.seenAt, this.now() - INSTANCE_SEEN_WINDOW_MS)),
    );
    return row?.n ?? 0;
  }
}
