import { and, count, desc, eq, gt, inArray, isNotNull, lt } from 'drizzle-orm';
import { FIRINGS_KEPT_PER_ALERT, TRIGGER_CAP } from '../../../shared/alerts/limits';
import type { Db } from '../../db/client';
import { first } from '../../db/rows';
import { alertFirings, alerts } from '../../db/schema';
import { exclusiveTransaction } from '../../db/transactions';
import { firingSchedule } from './periods';
import type { AlertRow, FiringRow } from './rows';

/**
 * Recording that alerts fired: one transaction per batch of a poll's candidates. For each, the alert row is read
 * and checked (still armed, the same generation, allowed to fire at the tick, not expired); then the firing row is
 * inserted, unique per (alert, period), and the alert is disarmed (once), snoozed (daily, throttle) or stopped (the
 * trigger cap), in the same transaction. Two instances deciding the same firing (a change of evaluator) therefore
 * record it once; the notification follows from the row (delivery.ts).
 *
 * On PostgreSQL each alert's advisory lock serialises this with edits and deletes of the same alert
 * (exclusiveTransaction), so an edit cannot slip between the check and the write.
 */

export interface FiringCandidate {
  alertId: number;
  /** The generation the index held when it fired: an edit since then refuses the firing. */
  generation: number;
  /** The measure's value that fired it, and the quote's price and currency. */
  value: number;
  price: number;
  currency: string;
  tickAt: number;
}

export interface RecordedFirings {
  /** The firings written (one per accepted candidate). */
  fired: FiringRow[];
  /** Every candidate's alert as it now is (null: deleted), for the index. */
  rows: Map<number, AlertRow | null>;
}

/** Whether the alert may fire at `tickAt` as the candidate saw it. */
function eligible(row: AlertRow, candidate: FiringCandidate): boolean {
  return (
    row.status === 'armed' &&
    row.generation === candidate.generation &&
    (row.nextEligibleAt === null || row.nextEligibleAt <= candidate.tickAt) &&
    (row.expiresAt === null || row.expiresAt > candidate.tickAt)
  );
}

export async function recordFirings(
  db: Db,
  candidates: readonly FiringCandidate[],
  now: number,
): Promise<RecordedFirings> {
  const ids = [...new Set(candidates.map((c) => c.alertId))];
  return exclusiveTransaction(
    db,
    ids.map((id) => `alert:${id}`),
    async (tx) => {
      const rows = new Map<number, AlertRow | null>(ids.map((id) => [id, null]));
      for (const row of await tx.select().from(alerts).where(inArray(alerts.id, ids))) rows.set(row.id, row);
      const recent = await recentFirings(tx, candidates, rows, now);
      const fired: FiringRow[] = [];
      for (const candidate of candidates) {
        const row = rows.get(candidate.alertId);
        if (!row || !eligible(row, candidate)) continue;
        const schedule = firingSchedule(row, candidate.tickAt);
        const capped = row.frequency === 'throttle' && (recent.get(row.id) ?? 0) + 1 >= TRIGGER_CAP.max;
        const [firing] = await tx
          .insert(alertFirings)
          .values({
            alertId: row.id,
            userId: row.userId,
            period: schedule.period,
            symbol: row.symbol,
            condition: row.condition,
            level: row.level,
            value: candidate.value,
            price: candidate.price,
            currency: candidate.currency,
            tickAt: candidate.tickAt,
            firedAt: now,
            capped,
          })
          .onConflictDoNothing()
          .returning();
        // The period's firing exists already: recorded by another instance (the alert row says so too).
        if (!firing) continue;
        const [updated] = await tx
          .update(alerts)
          .set({
            status: schedule.nextEligibleAt === null ? 'triggered' : capped ? 'stopped' : 'armed',
            nextEligibleAt: schedule.nextEligibleAt,
            fireCount: row.fireCount + 1,
            lastFiredAt: candidate.tickAt,
            // A crossing that comes back (next day, next interval) goes on from here, not from where it was armed.
            baseline: candidate.value,
            updatedAt: now,
          })
          .where(eq(alerts.id, row.id))
          .returning();
        rows.set(row.id, updated);
        fired.push(firing);
        if (row.fireCount + 1 > FIRINGS_KEPT_PER_ALERT) await pruneFirings(tx, row.id);
      }
      return { fired, rows };
    },
  );
}

/** Firings of the throttled candidates' alerts within the trigger cap's window, per alert. */
async function recentFirings(
  tx: Db,
  candidates: readonly FiringCandidate[],
  rows: Map<number, AlertRow | null>,
  now: number,
): Promise<Map<number, number>> {
  const throttled = candidates.filter((c) => rows.get(c.alertId)?.frequency === 'throttle').map((c) => c.alertId);
  if (throttled.length === 0) return new Map();
  const counts = await tx
    .select({ alertId: alertFirings.alertId, n: count() })
    .from(alertFirings)
    .where(and(inArray(alertFirings.alertId, throttled), gt(alertFirings.firedAt, now - TRIGGER_CAP.windowMs)))
    .groupBy(alertFirings.alertId);
  return new Map(counts.map((c) => [c.alertId, Number(c.n)]));
}

/** Keeps an alert's newest FIRINGS_KEPT_PER_ALERT firings; older delivered ones go (undelivered ones stay: the outbox). */
async function pruneFirings(tx: Db, alertId: number): Promise<void> {
  const oldestKept = await first(
    tx
      .select({ id: alertFirings.id })
      .from(alertFirings)
      .where(eq(alertFirings.alertId, alertId))
      .orderBy(desc(alertFirings.id))
      .limit(1)
      .offset(FIRINGS_KEPT_PER_ALERT - 1),
  );
  if (!oldestKept) return;
  await tx
    .delete(alertFirings)
    .where(
      and(
        eq(alertFirings.alertId, alertId),
        lt(alertFirings.id, oldestKept.id),
        isNotNull(alertFirings.notificationId),
      ),
    );
}
