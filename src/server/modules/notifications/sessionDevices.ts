import { and, eq, ne, or, isNull } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Db } from '../../db/client';
import { tablesOf } from '../../db/schema';
import type { Bus } from '../../realtime/bus';

/**
 * A device stops receiving a user's pushes when the session that subscribed it ends on purpose: signing out on a
 * shared computer must not leave the next person seeing the first one's alerts. `session.ended` (sign-out, or a
 * sign-in over the browser's old session) forgets the devices of that session; `user.sessionsEnded` (a password
 * change elsewhere, a ban, the account deleted) those of every session but the one kept. Expiry publishes nothing,
 * so a device outlives a session that only timed out. Every instance hears the event and deletes the same rows: the
 * second delete finds nothing.
 */
export function forgetDevicesWhenSessionsEnd(deps: { bus: Bus; db: Db; log: Logger }): () => void {
  const run = (work: Promise<unknown>) =>
    void work.catch((err: unknown) => deps.log.warn({ err }, 'could not forget the push devices of ended sessions'));
  const stops = [
    deps.bus.subscribe('session.ended', ({ sessionHash }) => {
      const { pushSubscriptions } = tablesOf(deps.db);
      return run(deps.db.delete(pushSubscriptions).where(eq(pushSubscriptions.sessionHash, sessionHash)));
    }),
    deps.bus.subscribe('user.sessionsEnded', ({ userId, keepSessionHash }) => {
      const { pushSubscriptions } = tablesOf(deps.db);
      const mine = eq(pushSubscriptions.userId, userId);
      const ended =
        keepSessionHash === undefined
          ? mine
          : and(mine, or(isNull(pushSubscriptions.sessionHash), ne(pushSubscriptions.sessionHash, keepSessionHash)));
      run(deps.db.delete(pushSubscriptions).where(ended));
    }),
  ];
  return () => stops.forEach((stop) => stop());
}
