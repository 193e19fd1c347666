import autocannon from 'autocannon';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import type { Bench, BenchFigure } from './types';

/**
 * Issue 7 item 2: `GET /api/stock/AAPL` latency with and without the subscription flood of the issue (2,000
 * `stocks.live` subscriptions x 50 random symbols from one unauthenticated socket, again and again, plus sockets past
 * the per-address cap), and the server's memory during the flood. Before the caps, the issue measured 3 ms -> 4 s
 * and 1 GB. Server, flooder and load generator are three processes on loopback; everything stops after DURATION_S.
 */
const here = dirname(fileURLToPath(import.meta.url));
const DURATION_S = Number(process.env.BENCH_DURATION_S ?? 5);
const CONNECTIONS = 10;
/** Seconds of flood without the load generator, to read the flood's own cost in server CPU. */
const FLOOD_ONLY_S = 3;

/** A child's stdout as lines: wait for the next line that matches, or listen to every line. */
function lineFeed(child: ChildProcess) {
  const listeners = new Set<(line: string) => void>();
  createInterface({ input: child.stdout! }).on('line', (line) => listeners.forEach((listener) => listener(line)));
  return {
    on(listener: (line: string) => void): void {
      listeners.add(listener);
    },
    next(accept: (line: string) => boolean = () => true): Promise<string> {
      return new Promise((resolve, reject) => {
        const listener = (line: string) => {
          if (!accept(line)) return;
          listeners.delete(listener);
          resolve(line);
        };
        listeners.add(listener);
        child.once('exit', (code) => reject(new Error(`process exited (${code}) before the expected line`)));
      });
    },
  };
}

function spawnTs(script: string, args: string[] = []): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(here, script), ...args], {
    stdio: ['ignore', 'pipe', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    child.once('exit', () => resolve());
    child.kill('SIGTERM');
  });
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc; clock ticks of 10 ms). */
function cpuMs(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident memory of a process in MB (Linux /proc). */
function rssMb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Math.round(Number(match[1]) / 1024) : NaN;
}

async function measure(url: string): Promise<{ p99: number; rps: number }> {
  const result = await autocannon({ url: `${url}/api/stock/AAPL`, connections: CONNECTIONS, duration: DURATION_S });
  if (result.errors || result.non2xx) throw new Error(`${result.errors} errors, ${result.non2xx} non-2xx answers`);
  return { p99: result.latency.p99, rps: Math.round(result.requests.average) };
}

const bench: Bench = {
  name: 'API latency under a stocks.live subscription flood',
  async run(): Promise<BenchFigure[]> {
    const server = spawnTs('servers/tickwise.ts');
    const serverLines = lineFeed(server);
    let flooder: ChildProcess | null = null;
    try {
      const url = `http://127.0.0.1:${JSON.parse(await serverLines.next()).port}`;
      if ((await fetch(`${url}/api/stock/AAPL`)).status !== 200) throw new Error('warm-up failed');
      await autocannon({ url: `${url}/api/stock/AAPL`, connections: CONNECTIONS, duration: 1 });
      const quiet = await measure(url);
      const rssQuiet = rssMb(server.pid!);

      flooder = spawnTs('flood/flooder.ts', [url, String((DURATION_S + FLOOD_ONLY_S + 3) * 1000)]);
      const flooderLines = lineFeed(flooder);
      const summaryLine = flooderLines.next((line) => line.startsWith('{'));
      await flooderLines.next((line) => line === 'ready');
      let rounds = 0;
      flooderLines.on((line) => void (line === 'round' && rounds++));
      let rssPeak = rssMb(server.pid!);
      const sampler = setInterval(() => (rssPeak = Math.max(rssPeak, rssMb(server.pid!))), 100);

      // The flood alone first: what it costs the server, independent of how busy the machine is.
      const cpuBefore = cpuMs(server.pid!);
      const roundsBefore = rounds;
      await new Promise((resolve) => setTimeout(resolve, FLOOD_ONLY_S * 1000));
      const floodCpuMs = cpuMs(server.pid!) - cpuBefore;
      const floodRounds = rounds - roundsBefore;

      const flooded = await measure(url).finally(() => clearInterval(sampler));
      const summary = JSON.parse(await summaryLine) as Record<string, number>;

      console.log(
        `  ${CONNECTIONS} connections, ${DURATION_S} s each; quiet ${quiet.rps} req/s, during the flood ${flooded.rps} req/s`,
      );
      console.log(
        `  flood: ${summary.rounds} sockets sent ${summary.subscriptionsSent} subscriptions of 50 symbols: ` +
          `${summary.started} started, ${summary.refused} refused (TOO_MANY_REQUESTS), ${summary.unanswered} cut off ` +
          `unanswered (socket closed, 4429); ${summary.extraSockets} extra sockets held, ` +
          `${summary.upgradesRefused429} upgrades refused with 429`,
      );
      console.log(
        `  flood alone for ${FLOOD_ONLY_S} s: ${floodRounds} sockets of 2,000 subscriptions, server CPU ${floodCpuMs} ms ` +
          `(${Math.round(floodCpuMs / (FLOOD_ONLY_S * 10))}% of one core)`,
      );
      return [
        { label: 'GET /api/stock/AAPL p99 without the flood', value: quiet.p99, unit: 'ms' },
        { label: 'GET /api/stock/AAPL p99 during the flood', value: flooded.p99, unit: 'ms', target: { max: 50 } },
        { label: 'server RSS before the flood', value: rssQuiet, unit: 'MB' },
        { label: 'server RSS peak during the flood', value: rssPeak, unit: 'MB', target: { max: 300 } },
        {
          label: 'server CPU per flooding socket (2,000 subscriptions x 50 symbols)',
          value: floodRounds ? Math.round((floodCpuMs / floodRounds) * 10) / 10 : NaN,
          unit: 'ms',
        },
      ];
    } finally {
      if (flooder) await stop(flooder);
      await stop(server);
    }
  },
};

export default bench;
