import { and, count, desc, eq, gt, inArray, isNotNull, lt, sql } from 'drizzle-orm';
import { FIRINGS_KEPT_PER_ALERT, TRIGGER_CAP } from '../../../shared/alerts/limits';
import type { Db } from '../../db/client';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';
import { exclusiveTransaction } from '../../db/transactions';
import { firingSchedule, type FiringSchedule } from './periods';
import type { AlertRow, FiringRow } from './rows';

/**
 * Recording that alerts fired: one transaction per batch of a poll's candidates, a handful of statements whatever
 * its size. The alert rows are read and checked (still armed, the same generation, allowed to fire at the tick, not
 * expired); then the firing rows are inserted, unique per (alert, period), and the alerts disarmed (once), snoozed
 * (daily, throttle) or stopped (the trigger cap), in the same transaction. Two instances deciding the same firing (a change of evaluator) therefore
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
  clock: () => number,
): Promise<RecordedFirings> {
  const ids = [...new Set(candidates.map((c) => c.alertId))];
  return exclusiveTransaction(
    db,
    ids.map((id) => `alert:${id}`),
    async (tx) => {
      const { alertFirings, alerts } = tablesOf(tx);
      const rows = new Map<number, AlertRow | null>(ids.map((id) => [id, null]));
      for (const row of await tx.select().from(alerts).where(inArray(alerts.id, ids))) rows.set(row.id, row);
      const recent = await recentFirings(tx, candidates, rows, clock());
      const accepted = new Map<number, Accepted>();
      for (const candidate of candidates) {
        const row = rows.get(candidate.alertId);
        if (!row || !eligible(row, candidate) || accepted.has(row.id)) continue;
        const schedule = firingSchedule(row, candidate.tickAt);
        const capped = row.frequency === 'throttle' && (recent.get(row.id) ?? 0) + 1 >= TRIGGER_CAP.max;
        const status = schedule.nextEligibleAt === null ? 'triggered' : capped ? 'stopped' : 'armed';
        accepted.set(row.id, { candidate, row, schedule, capped, status });
      }
      if (accepted.size === 0) return { fired: [], rows };
      // When the rows are written (the tick-to-firing figure ends here). One insert for the batch; a period already
      // recorded (by another instance: its alert row says so too) inserts nothing.
      const now = clock();
      const fired = await tx
        .insert(alertFirings)
        .values(
          [...accepted.values()].map(({ candidate, row, schedule, capped }) => ({
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
          })),
        )
        .onConflictDoNothing()
        .returning();
      if (fired.length === 0) return { fired, rows };
      const won = fired.map((firing) => accepted.get(firing.alertId)!);
      // One update for the batch: each alert's new state picked by id (CASE), values cast so both engines read them
      // as the column's type.
      const pick = (value: (a: Accepted) => unknown, type: string) =>
        sql`case ${alerts.id} ${sql.join(
          won.map((a) => sql`when ${a.row.id} then cast(${value(a)} as ${sql.raw(type)})`),
          sql` `,
        )} end`;
      const updated = await tx
        .update(alerts)
        .set({
          status: pick((a) => a.status, 'text'),
          nextEligibleAt: pick((a) => a.schedule.nextEligibleAt, 'bigint'),
          fireCount: sql`${alerts.fireCount} + 1`,
          lastFiredAt: pick((a) => a.candidate.tickAt, 'bigint'),
          // A crossing that comes back (next day, next interval) goes on from here, not from where it was armed.
          baseline: pick((a) => a.candidate.value, 'double precision'),
          updatedAt: now,
        })
        .where(
          inArray(
            alerts.id,
            won.map((a) => a.row.id),
          ),
        )
        .returning();
      for (const row of updated) rows.set(row.id, row);
      for (const { row } of won) if (row.fireCount + 1 > FIRINGS_KEPT_PER_ALERT) await pruneFirings(tx, row.id);
      return { fired, rows };
    },
  );
}

interface Accepted {
  candidate: FiringCandidate;
  row: AlertRow;
  schedule: FiringSchedule;
  capped: boolean;
  status: 'triggered' | 'stopped' | 'armed';
}

/** Firings of the throttled candidates' alerts within the trigger cap's window, per alert. */
async function recentFirings(
  tx: Db,
  candidates: readonly FiringCandidate[],
  rows: Map<number, AlertRow | null>,
  now: number,
): Promise<Map<number, number>> {
  const { alertFirings } = tablesOf(tx);
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
  const { alertFirings } = tablesOf(tx);
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
