/**
 * Operator command (the product has no admin screen):
 *   npm run user -- ban EMAIL
 *   npm run user -- unban EMAIL
 * Works on the database at DATABASE_PATH, like the server. Exit code 1 on bad usage or an unknown email.
 */
import { ConfigError, loadConfig } from '../src/server/config';
import { openDatabase } from '../src/server/db/client';
import { setBanned } from '../src/server/modules/auth/banning';

const USAGE = 'Usage: npm run user -- ban EMAIL\n       npm run user -- unban EMAIL';

function fail(message: string): never {
  console.error(message);
  process.exit(1);
}

const [action, email, ...extra] = process.argv.slice(2);
if ((action !== 'ban' && action !== 'unban') || !email || extra.length) fail(USAGE);

let config;
try {
  config = loadConfig();
} catch (error) {
  fail(error instanceof ConfigError ? error.message : String(error));
}

const handle = openDatabase(config.DATABASE_PATH);
const outcome = setBanned(handle.db, email, action === 'ban');
handle.close();

if (outcome.kind === 'unknown-email') fail(`No account with the email ${email} (database: ${config.DATABASE_PATH}).`);
const who = `${outcome.user.email} (${outcome.user.displayName}, id ${outcome.user.id})`;
if (outcome.kind === 'unchanged') {
  console.log(`${who} was already ${action === 'ban' ? 'banned' : 'not banned'}; nothing changed.`);
} else if (action === 'ban') {
  console.log(`Banned ${who}. Every signed-in request of theirs now answers 403 and shows the banned screen.`);
} else {
  console.log(`Unbanned ${who}. They can use Tickwise again.`);
}
