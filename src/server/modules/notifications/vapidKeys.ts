import { eq } from 'drizzle-orm';
import webpush from 'web-push';
import type { AppConfig } from '../../config';
import type { Db } from '../../db/client';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';

/**
 * The web push VAPID key pair: the one the settings give (WEB_PUSH_VAPID_PUBLIC_KEY / _PRIVATE_KEY), else one made
 * once and kept in `server_keys`, so every instance signs with the same pair and a browser's subscription (bound to
 * the public key it was made with) keeps working whichever instance sends.
 *
 * Creation is one insert that does nothing when the row exists (the primary key decides, on either engine), then a
 * read of whatever row won: two instances starting together generate a pair each, and both use the one stored.
 */

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

const KEY_NAME = 'web-push-vapid';

/** Who push services may contact: WEB_PUSH_SUBJECT, else the https PUBLIC_URL, else a mailto that goes nowhere. */
export function vapidSubject(config: Pick<AppConfig, 'WEB_PUSH_SUBJECT' | 'PUBLIC_URL'>): string {
  if (config.WEB_PUSH_SUBJECT) return config.WEB_PUSH_SUBJECT;
  if (config.PUBLIC_URL?.startsWith('https://')) return config.PUBLIC_URL;
  return 'mailto:push@tickwise.invalid';
}

async function storedPair(db: Db, now: number): Promise<{ publicKey: string; privateKey: string }> {
  const { serverKeys } = tablesOf(db);
  const generated = webpush.generateVAPIDKeys();
  await db
    .insert(serverKeys)
    .values({ name: KEY_NAME, value: JSON.stringify(generated), createdAt: now })
    .onConflictDoNothing({ target: serverKeys.name });
  const row = await first(db.select().from(serverKeys).where(eq(serverKeys.name, KEY_NAME)).limit(1));
  if (!row) throw new Error('the VAPID key pair could not be stored');
  return JSON.parse(row.value) as { publicKey: string; privateKey: string };
}

/** Reads (or makes) the pair once per server; a failed read is tried again on the next call. */
export class VapidKeySource {
  private pair: Promise<VapidKeys> | null = null;

  constructor(private readonly deps: { config: AppConfig; db: Db; now: () => number }) {}

  keys(): Promise<VapidKeys> {
    if (!this.pair) {
      const { config } = this.deps;
      const subject = vapidSubject(config);
      this.pair =
        config.WEB_PUSH_VAPID_PUBLIC_KEY && config.WEB_PUSH_VAPID_PRIVATE_KEY
          ? Promise.resolve({
              publicKey: config.WEB_PUSH_VAPID_PUBLIC_KEY,
              privateKey: config.WEB_PUSH_VAPID_PRIVATE_KEY,
              subject,
            })
          : storedPair(this.deps.db, this.deps.now()).then((pair) => ({ ...pair, subject }));
      this.pair.catch(() => (this.pair = null));
    }
    return this.pair;
  }
}
