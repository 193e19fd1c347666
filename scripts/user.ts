/**
 * Operator command (the product has no admin screen and no mail server):
 *   npm run user -- ban EMAIL
 *   npm run user -- unban EMAIL
 *   npm run user -- reset-password EMAIL   prints a one-time link, valid 30 minutes, to hand to the person
 * Reads the same settings as the server (the environment, then a local .env) and works on its database. Exit code 1 on bad usage or an unknown email.
 */
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { loadLocalEnv } from '../src/server/localEnv';
import type { NotificationChannel } from '../src/server/db/notifications';
import { createSharedBus } from '../src/server/realtime/bus';
import { setBanned } from '../src/server/modules/auth/banning';
import { issueResetToken } from '../src/server/modules/auth/passwordReset';
import { RESET_LINK_MINUTES } from '../src/shared/schemas/account';

const USAGE = [
  'Usage: npm run user -- ban EMAIL',
  '       npm run user -- unban EMAIL',
  '       npm run user -- reset-password EMAIL',
].join('\n');

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const [action, email, ...extra] = process.argv.slice(2);
if (!['ban', 'unban', 'reset-password'].includes(action) || !email || extra.length) fail(USAGE);

function configOrExit() {
  try {
    return loadConfig();
  } catch (error) {
    return fail(error instanceof ConfigError ? error.message : String(error));
  }
}

loadLocalEnv();
const config = configOrExit();
const handle = await openDatabase(config);
const unknown: () => never = () => fail(`No account with the email ${email} (database: ${config.DATABASE_PATH}).`);

if (action === 'reset-password') {
  const issued = await issueResetToken(handle.db, email, Date.now());
  await handle.close();
  if (!issued) unknown();
  // PUBLIC_URL is the address people use; without it, the address this server listens on locally.
  const origin = config.PUBLIC_URL ?? `http://localhost:${config.PORT}`;
  console.log(`Password reset link for ${issued.user.email} (works once, for ${RESET_LINK_MINUTES} minutes):`);
  console.log(`${origin}/auth/reset?token=${issued.token}`);
  console.log('Give it to them yourself (Tickwise sends no email). A newer link replaces this one.');
} else {
  const outcome = await setBanned(handle.db, email, action === 'ban');
  // With PostgreSQL the running instances hear of the ban at once (without it, a single server notices at its next
  // session check, WS_SESSION_CHECK_MS).
  if (outcome.kind === 'changed' && action === 'ban' && handle.notifications) {
    await tellInstancesOfBan(handle.notifications, outcome.user.id);
  }
  await handle.close();
  if (outcome.kind === 'unknown-email') unknown();
  const who = `${outcome.user.email} (${outcome.user.displayName}, id ${outcome.user.id})`;
  if (outcome.kind === 'unchanged') {
    console.log(`${who} was already ${action === 'ban' ? 'banned' : 'not banned'}; nothing changed.`);
  } else if (action === 'ban') {
    console.log(`Banned ${who}. Every signed-in request of theirs now answers 403 and shows the banned screen.`);
  } else {
    console.log(`Unbanned ${who}. They can use Tickwise again.`);
  }
}

async function tellInstancesOfBan(channel: NotificationChannel, userId: string): Promise<void> {
  let failed = false;
  const bus = createSharedBus(channel, () => (failed = true));
  bus.publish('user.banned', { userId });
  await bus.drain();
  bus.close();
  if (failed) {
    console.error('The ban is stored, but the running instances were not told: their sockets close at the next check.');
  }
}
