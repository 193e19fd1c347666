import { spawn } from 'node:child_process';
import { chmodSync, mkdirSync, mkdtempSync, rmSync, statSync, truncateSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/server/db/client';

/**
 * Issue 7 item 12: the real server process, started on a broken setup, exits 1 with one line on stderr that names
 * the file or port and says what to do; no stack trace.
 */

const root = join(import.meta.dirname, '../..');
const dir = mkdtempSync(join(tmpdir(), 'tickwise-startup-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Root writes anywhere, so as root the read-only cases run the server without the capabilities that bypass file
 * permissions, the way a service account would meet them. It stays root, so it can still read a checkout that only
 * root may open (a clone under a 0700 folder), which another user such as `nobody` could not.
 */
const ROOT_WITHOUT_OVERRIDE = [
  '--inh-caps=-dac_override,-dac_read_search',
  '--bounding-set=-dac_override,-dac_read_search',
];

function startMain(env: Record<string, string>, options: { honourFilePermissions?: boolean } = {}) {
  const node = [process.execPath, '--import', 'tsx', 'src/server/main.ts'];
  const asRoot = options.honourFilePermissions && process.getuid?.() === 0;
  const [command, ...args] = asRoot ? ['setpriv', ...ROOT_WITHOUT_OVERRIDE, '--', ...node] : node;
  const child = spawn(command, args, {
    cwd: root,
    env: { PATH: process.env.PATH, NODE_ENV: 'test', LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', ...env },
  });
  let stderr = '';
  child.stderr.on('data', (d) => (stderr += d));
  child.stdout.resume();
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { exited, stderr: () => stderr };
}

async function expectOneLineFailure(run: ReturnType<typeof startMain>, pattern: RegExp) {
  expect(await run.exited).toBe(1);
  const lines = run.stderr().trim().split('\n');
  expect(lines, run.stderr()).toHaveLength(1);
  expect(lines[0]).toMatch(pattern);
  expect(run.stderr()).not.toMatch(/\n\s+at /);
}

/** A real, migrated database file with a row in it. */
function makeDatabase(path: string): void {
  const handle = openSqlite(path);
  handle.sqlite
    .prepare(
      "insert into users (id, email, username, first_name, last_name, display_name, password_hash, created_at) values ('u1', 'a@b.co', 'a', 'A', 'B', 'A B', 'x', 1)",
    )
    .run();
  handle.sqlite.pragma('wal_checkpoint(TRUNCATE)');
  handle.sqlite.close();
}

describe('start-up failures', () => {
  it('a read-only data folder, database not created yet', async () => {
    const folder = join(dir, 'readonly-empty');
    mkdirSync(folder);
    chmodSync(folder, 0o555);
    const path = join(folder, 'app.db');
    const run = startMain({ DATABASE_PATH: path }, { honourFilePermissions: true });
    await expectOneLineFailure(run, new RegExp(`Cannot write the database ${path}: .*read-only.* DATABASE_PATH`));
  });

  it('a read-only data folder holding the database', async () => {
    const folder = join(dir, 'readonly-full');
    mkdirSync(folder);
    const path = join(folder, 'app.db');
    makeDatabase(path);
    chmodSync(path, 0o444);
    chmodSync(folder, 0o555);
    const run = startMain({ DATABASE_PATH: path }, { honourFilePermissions: true });
    await expectOneLineFailure(run, new RegExp(`Cannot write the database ${path}: .*DATABASE_PATH`));
  });

  it('a data folder that cannot be created', async () => {
    const parent = join(dir, 'locked-parent');
    mkdirSync(parent);
    chmodSync(parent, 0o555);
    const run = startMain({ DATABASE_PATH: join(parent, 'data/app.db') }, { honourFilePermissions: true });
    await expectOneLineFailure(
      run,
      new RegExp(`Cannot create the database folder ${join(parent, 'data')} \\(EACCES\\)`),
    );
  });

  it('a file that is not a database', async () => {
    const path = join(dir, 'junk.db');
    writeFileSync(path, 'these are not the pages you are looking for\n'.repeat(200));
    const run = startMain({ DATABASE_PATH: path });
    await expectOneLineFailure(run, new RegExp(`The database file ${path} is not a SQLite database .*backup`));
  });

  it('a truncated database file', async () => {
    const path = join(dir, 'truncated.db');
    makeDatabase(path);
    truncateSync(path, Math.floor(statSync(path).size / 2));
    const run = startMain({ DATABASE_PATH: path });
    await expectOneLineFailure(
      run,
      new RegExp(`The database file ${path} is damaged \\(corrupt or truncated\\): restore it`),
    );
  });

  it('a port already in use', async () => {
    const blocker: Server = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as { port: number };
    try {
      const run = startMain({ PORT: String(port), DATABASE_PATH: join(dir, 'port.db') });
      await expectOneLineFailure(run, new RegExp(`^Port ${port} on 127\\.0\\.0\\.1 is already in use: .*PORT`));
    } finally {
      blocker.close();
    }
  });
});
