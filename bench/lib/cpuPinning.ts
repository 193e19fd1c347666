import { execFileSync } from 'node:child_process';
import { availableParallelism } from 'node:os';

/**
 * Puts a process (all its threads) on one CPU with Linux's taskset, so a server under test and the load generator do
 * not take turns on the same core: each gets its own, as client and server machines would. Returns false where that
 * is not possible (one core, no taskset); the bench then runs unpinned and says so.
 */
export function pinToCpu(pid: number, cpu: number): boolean {
  if (availableParallelism() < 2) return false;
  try {
    execFileSync('taskset', ['-a', '-cp', String(cpu), String(pid)], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}
