import { execFileSync } from 'node:child_process';
import { cpus } from 'node:os';

/**
 * Puts a process (all its threads) on one CPU with Linux's taskset, so a server under test and the load generator do
 * not take turns on the same core: each gets its own, as client and server machines would. Returns false where that
 * is not possible (one core, no taskset); the bench then runs unpinned and says so.
 */
export function pinToCpu(pid: number, cpu: number): boolean {
  // The machine's CPUs, not availableParallelism(): that counts the CPUs this process may use, which is one as soon as
  // the bench has pinned itself.
  if (cpus().length < 2) return false;
  try {
    execFileSync('taskset', ['-a', '-cp', String(cpu), String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
