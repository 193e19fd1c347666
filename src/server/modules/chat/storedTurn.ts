import { tracked } from '@trpc/server';
import type { AppDeps } from '../../depsTypes';
import {
  errorOfFailure,
  findTurn,
  markTurnInterrupted,
  STALE_MARGIN_MS,
  turnEventsOf,
  turnInterruptedError,
} from './turnRecords';

/** A follower reads the row this often even without a wake-up, so a lost notification delays but loses nothing. */
export const STORED_TURN_POLL_MS = 1_000;

export type StoredTurnDeps = Pick<AppDeps, 'db' | 'bus' | 'now' | 'config'>;

/**
 * Follows an answer that another instance runs (or ran) from its chat_turns row: the events from index `from` on,
 * as the same tracked events (id = index) the running instance sends, then its end. Woken by the bus when the row is
 * written, and polling as a fallback. A row its instance stopped writing for longer than the engine's timeout plus a
 * margin belongs to an instance that died: the answer ends as interrupted, and nothing starts (or charges) it again.
 */
export async function* followStoredTurn(
  deps: StoredTurnDeps,
  userId: string,
  requestId: string,
  from: number,
  signal: AbortSignal | undefined,
) {
  /** A wake-up came since the row was last read (set by the bus listener, read before waiting). */
  let poked: boolean;
  let wake: (() => void) | null = null;
  const unsubscribe = deps.bus.subscribe('chat.turnProgressed', (event) => {
    if (event.userId !== userId || event.requestId !== requestId) return;
    poked = true;
    wake?.();
  });
  try {
    let next = Math.max(0, from);
    while (true) {
      poked = false;
      const row = await findTurn(deps.db, userId, requestId);
      // Deleted under us: finished long ago (a follower that slow is not reading anyway) or its user deleted.
      if (!row) throw turnInterruptedError();
      const events = turnEventsOf(row);
      while (next < events.length) {
        yield tracked(String(next), events[next]);
        next++;
      }
      if (row.done) {
        if (row.failure) throw errorOfFailure(row.failure);
        return;
      }
      const now = deps.now();
      const staleBefore = now - (deps.config.OPENAI_TIMEOUT_MS + STALE_MARGIN_MS);
      if (row.updatedAt < staleBefore) {
        if (await markTurnInterrupted(deps.db, userId, requestId, staleBefore, now)) throw turnInterruptedError();
        continue; // written meanwhile, or ended by another follower: read it again
      }
      if (signal?.aborted) return;
      if (poked) continue;
      await new Promise<void>((resolve) => {
        const done = () => {
          clearTimeout(timer);
          signal?.removeEventListener('abort', done);
          wake = null;
          resolve();
        };
        const timer = setTimeout(done, STORED_TURN_POLL_MS);
        wake = done;
        signal?.addEventListener('abort', done, { once: true });
      });
    }
  } finally {
    unsubscribe();
  }
}
