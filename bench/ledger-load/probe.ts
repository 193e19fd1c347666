import { readFileSync } from 'node:fs';

/**
 * What another user and the operator see while a bench scenario runs: the other user's requests, sent at a steady
 * pace whatever the server does (open loop, so a stalled server shows as long waits, not as fewer requests), and the
 * server's resident memory, read from /proc.
 */
const PACE_MS = 25;
/** Requests in flight at most: a server stalled for seconds is not also buried under a pile of them. */
const MAX_IN_FLIGHT = 40;

export interface OtherUser {
  stop(): Promise<number[]>;
}

export function otherUserLoad(url: string, path: string, cookie: string): OtherUser {
  const times: number[] = [];
  const inFlight = new Set<Promise<void>>();
  const timer = setInterval(() => {
    if (inFlight.size >= MAX_IN_FLIGHT) return;
    const started = performance.now();
    const request = fetch(url + path, { headers: { cookie } })
      .then(async (res) => {
        await res.arrayBuffer();
        if (res.status !== 200) throw new Error(`other user's ${path}: ${res.status}`);
        times.push(performance.now() - started);
      })
      .catch(() => {
        times.push(performance.now() - started);
      })
      .finally(() => inFlight.delete(request));
    inFlight.add(request);
  }, PACE_MS);
  return {
    async stop() {
      clearInterval(timer);
      await Promise.all(inFlight);
      return times.sort((a, b) => a - b);
    },
  };
}

export const percentile = (sorted: readonly number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** Resident memory of a process in MB (VmRSS), or 0 where /proc is missing. */
export function rssMb(pid: number): number {
  try {
    const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Math.round(Number(match[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

/** The highest resident memory seen while sampling every 100 ms, until stopped. */
export function rssPeak(pid: number): { stop(): number } {
  let peak = rssMb(pid);
  const timer = setInterval(() => (peak = Math.max(peak, rssMb(pid))), 100);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssMb(pid));
    },
  };
}
