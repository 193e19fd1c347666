import { haproxyBinary } from '../helpers/haproxy';
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { createDatabase, startPostgres, type PostgresServer, type TestDatabase } from '../helpers/postgres';
import { freePort } from './ownServer';

/**
 * The deployment of docs/deploy.md on one machine: an embedded PostgreSQL, N compiled Tickwise instances on it
 * (`node dist/server/main.js`, as `npm start` runs them) and HAProxy with deploy/haproxy.cfg in front. Everything
 * listens on 127.0.0.1 only; stop() ends what start() began, whatever failed half-way.
 */

const root = join(import.meta.dirname, '../..');
const APP_SECRET = 'e2e-cluster-secret-e2e-cluster-secret-012';

/**
 * The haproxy binary (on PATH, or Debian's /usr/sbin/haproxy when /usr/sbin is not on PATH), or null when HAProxy is
 * not installed (`apt-get install -y haproxy`).
 */

interface Process {
  name: string;
  child: ChildProcess;
  /** What it wrote to stderr, for the error when it dies or never becomes ready. */
  errors: string[];
  /** The last lines it wrote to stdout (HAProxy's request log and server state changes), for a failed test. */
  recent: string[];
  exited: Promise<void>;
}

/** Lines of stdout kept per process: a test's worth of HAProxy requests and state changes. */
const RECENT_LINES = 400;

function launch(name: string, command: string, args: string[], env: Record<string, string>): Process {
  const child = spawn(command, args, {
    cwd: root,
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const errors: string[] = [];
  child.stderr?.setEncoding('utf8').on('data', (chunk: string) => errors.push(chunk));
  const recent: string[] = [];
  // A chunk may end mid-line: the unfinished line waits for the next chunk.
  let unfinished = '';
  child.stdout?.setEncoding('utf8').on('data', (chunk: string) => {
    const lines = (unfinished + chunk).split('\n');
    unfinished = lines.pop() ?? '';
    recent.push(...lines.filter(Boolean));
    if (recent.length > RECENT_LINES) recent.splice(0, recent.length - RECENT_LINES);
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  return { name, child, errors, recent, exited };
}

/** SIGTERM (SIGKILL if it is still there after 12 s); the exit code, null when a signal ended it. */
async function stopProcess(proc: Process): Promise<number | null> {
  if (proc.child.exitCode === null && proc.child.signalCode === null) proc.child.kill('SIGTERM');
  const killed = setTimeout(() => proc.child.kill('SIGKILL'), 12_000);
  await proc.exited;
  clearTimeout(killed);
  return proc.child.exitCode;
}

/** Waits until `url` answers 200, failing early if the process behind it exits. */
async function waitHealthy(proc: Process, url: string, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (proc.child.exitCode !== null) {
      throw new Error(`${proc.name} exited with ${proc.child.exitCode}:\n${proc.errors.join('')}`);
    }
    const ok = await fetch(url, { signal: AbortSignal.timeout(2_000) }).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) return;
    if (Date.now() > deadline)
      throw new Error(`${proc.name} not healthy at ${url} within ${timeoutMs} ms:\n${proc.errors.join('')}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

export interface Instance {
  /** http://127.0.0.1:PORT, the instance itself (around the balancer). */
  url: string;
  port: number;
  /** SIGTERM, as a rolling restart does; the exit code once the process exited. */
  stop(): Promise<number | null>;
}

export interface BalancedCluster {
  /** The balancer's address: what browsers use. */
  url: string;
  instances: Instance[];
  /** What the balancer and the instances logged lately (stdout and stderr), to print when a test fails. */
  recentLogs(): string;
  stop(): Promise<void>;
}

export async function startBalancedCluster(instanceCount: number): Promise<BalancedCluster> {
  const haproxy = haproxyBinary();
  if (!haproxy) throw new Error('haproxy is not installed');
  const processes: Process[] = [];
  let postgres: PostgresServer | undefined;
  let database: TestDatabase | undefined;
  let stopped: Promise<void> | undefined;
  const stop = () =>
    (stopped ??= (async () => {
      // The balancer first, then the instances (each finishes what it is doing), then the database.
      for (const proc of [...processes].reverse()) await stopProcess(proc);
      await database?.drop().catch(() => undefined);
      await postgres?.stop();
    })());
  try {
    postgres = await startPostgres();
    database = await createDatabase(postgres.url);
    const instances: Instance[] = [];
    // One at a time, as docs/deploy.md says: the first start migrates the empty database.
    for (let i = 1; i <= instanceCount; i++) {
      const port = await freePort();
      const proc = launch(`instance ${i}`, process.execPath, ['dist/server/main.js'], {
        NODE_ENV: 'test',
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: database.url,
        APP_SECRET,
        LOG_LEVEL: 'warn',
        // HAProxy connects from loopback: its X-Forwarded-For is believed, nobody else's.
        TRUST_PROXY: 'loopback',
        // A probe round every second, so the status page counts every instance soon after it starts.
        STATUS_PROBE_INTERVAL_MS: '1000',
      });
      processes.push(proc);
      const url = `http://127.0.0.1:${port}`;
      await waitHealthy(proc, `${url}/healthz`);
      instances.push({ url, port, stop: () => stopProcess(proc) });
    }

    const port = await freePort();
    const servers = Object.fromEntries(
      instances.map((inst, i) => [`TICKWISE_SERVER_${i + 1}`, `127.0.0.1:${inst.port}`]),
    );
    const balancer = launch('haproxy', haproxy, ['-f', 'deploy/haproxy.cfg'], {
      TICKWISE_BIND: `127.0.0.1:${port}`,
      ...servers,
    });
    processes.push(balancer);
    const url = `http://127.0.0.1:${port}`;
    await waitHealthy(balancer, `${url}/healthz`, 15_000);
    const recentLogs = () =>
      processes.map((proc) => `--- ${proc.name} ---\n${[...proc.recent, ...proc.errors].join('\n')}`).join('\n');
    return { url, instances, recentLogs, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

/** Requests an instance answered, /healthz (the balancer's checks) and /metrics left out, from its own /metrics. */
export async function requestsServed(instance: Instance): Promise<number> {
  const text = await (await fetch(`${instance.url}/metrics`)).text();
  let total = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith('tickwise_http_requests_total{')) continue;
    if (line.includes('route="/healthz"') || line.includes('route="/metrics"')) continue;
    total += Number(line.slice(line.lastIndexOf(' ') + 1));
  }
  return total;
}

/** Websockets open on an instance (/trpc and /ws together), from its own /metrics. */
export async function websocketsOpen(instance: Instance): Promise<number> {
  const text = await (await fetch(`${instance.url}/metrics`)).text();
  return text
    .split('\n')
    .filter((line) => line.startsWith('tickwise_websocket_connections{'))
    .reduce((sum, line) => sum + Number(line.slice(line.lastIndexOf(' ') + 1)), 0);
}
