import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's CPU columns (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/**
 * CPU time (user + system, microseconds) a process has used so far, read from /proc: works for any child, including
 * one started exactly like `npm start` that knows nothing about the bench. Null where /proc is missing.
 */
export function processCpuMicros(pid: number): number | null {
  return cpuMicrosOf(`/proc/${pid}/stat`);
}

/**
 * CPU time (microseconds) of one thread of a process: `threadCpuMicros(pid, pid)` is its main thread, the event loop's,
 * whatever its worker threads do meanwhile. Null where /proc is missing.
 */
export function threadCpuMicros(pid: number, tid: number): number | null {
  return cpuMicrosOf(`/proc/${pid}/task/${tid}/stat`);
}

function cpuMicrosOf(statPath: string): number | null {
  try {
    const stat = readFileSync(statPath, 'utf8');
    // Fields after the command name (which may contain spaces) start at the last ')'.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const utime = Number(fields[11]);
    const stime = Number(fields[12]);
    return ((utime + stime) / TICKS_PER_SECOND) * 1_000_000;
  } catch {
    return null;
  }
}
