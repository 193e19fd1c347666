import { readFileSync } from 'node:fs';

/**
 * CPU time for the off-the-loop tests (issue 26), which compare what the event loop spent with what the rest of the
 * process did, so a busy machine does not decide the outcome as wall-clock time would.
 */

/** CPU time (ms) of the calling thread (the event loop a test shares with its server), from /proc (10 ms ticks). */
export function loopCpuMs(): number {
  const stat = readFileSync('/proc/thread-self/stat', 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** CPU time (ms) of the whole process: every thread. */
export function processCpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}
