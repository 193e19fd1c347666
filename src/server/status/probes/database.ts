import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';
import type { Probe } from '../probe';

/** Database: writes a fresh value to the heartbeat row, commits, and reads it back. */
export const databaseProbe: Probe = {
  service: {
    id: 'database',
    name: 'Database',
    category: 'Core platform',
    description: 'Accounts, portfolios, messages and settings: checked with a write and read round trip.',
  },
  async check({ deps }) {
    const { statusHeartbeat } = tablesOf(deps.db);
    const nonce = randomUUID();
    const started = performance.now();
    const writtenAt = deps.now();
    await deps.db
      .insert(statusHeartbeat)
      .values({ id: 1, nonce, writtenAt })
      .onConflictDoUpdate({ target: statusHeartbeat.id, set: { nonce, writtenAt } });
    const row = await first(
      deps.db.select({ nonce: statusHeartbeat.nonce }).from(statusHeartbeat).where(eq(statusHeartbeat.id, 1)).limit(1),
    );
    const elapsed = performance.now() - started;
    if (row?.nonce !== nonce) return { status: 'offline', detail: 'the value written was not read back' };
    // Slower than STATUS_DATABASE_SLOW_MS (500 ms unless set) still works, but users feel it.
    if (elapsed > deps.config.STATUS_DATABASE_SLOW_MS)
      return { status: 'limited', detail: `round trip took ${Math.round(elapsed)} ms` };
    return { status: 'online' };
  },
};
