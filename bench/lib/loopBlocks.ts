import { appendFileSync, existsSync, readFileSync } from 'node:fs';

/**
 * The event loop's blocks in a bench server, a figure of the server alone (another user's p99 also counts the
 * client's and the network's queues): a timer asks for a turn every TICK_MS, and a turn that comes late by BLOCK_MS
 * or more is written to a file as one JSON line {atUs, ms} (atUs: when the block began, on the monotonic clock V8's
 * CPU profiles and every process of the machine share, so the bench can pick a scenario's blocks and
 * bench/lib/cpuProfileBlocks.ts what ran in them). A late turn also counts any time the process waited for a core:
 * on a loaded machine, the idle scenario's blocks say how much of it that is.
 */
const TICK_MS = 2;
const BLOCK_MS = 5;

export interface LoopBlock {
  /** When the loop stopped turning, in microseconds of the monotonic clock (process.hrtime). */
  atUs: number;
  ms: number;
}

export const monotonicMicros = () => Number(process.hrtime.bigint() / 1000n);

/** In the server: writes every block of BLOCK_MS or more to `file` until the process ends. */
export function recordLoopBlocks(file: string): void {
  let last = monotonicMicros();
  setInterval(() => {
    const now = monotonicMicros();
    const late = (now - last) / 1000 - TICK_MS;
    if (late >= BLOCK_MS) {
      const block: LoopBlock = { atUs: last, ms: Math.round(late * 10) / 10 };
      appendFileSync(file, JSON.stringify(block) + '\n');
    }
    last = now;
  }, TICK_MS).unref();
}

/**
 * In the bench: the blocks that overlap the time between two instants (monotonicMicros), longest first. Overlap, not
 * start: a block is dated from the loop's last turn before it, which may come just before the work that caused it
 * was asked for.
 */
export function loopBlocksBetween(file: string, fromUs: number, toUs: number): LoopBlock[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => JSON.parse(line) as LoopBlock)
    .filter((b) => b.atUs + b.ms * 1000 > fromUs && b.atUs < toUs)
    .sort((a, b) => b.ms - a.ms);
}
