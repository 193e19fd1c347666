import { readdirSync, readFileSync } from 'node:fs';
import { processCpuMicros } from '../lib/processCpu';

/** CPU microseconds so far of each PostgreSQL backend connected to `database` (its title names the database). */
export function backendCpu(database: string): Map<number, number> {
  const cpu = new Map<number, number>();
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const cmdline = readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (cmdline.startsWith('postgres:') && cmdline.includes(` ${database} `))
        cpu.set(Number(entry), processCpuMicros(Number(entry)) ?? 0);
    } catch {
      // Gone meanwhile.
    }
  }
  return cpu;
}

/** CPU microseconds used by `pids` and by the backends of `database` between start() and the call it returns. */
export function cpuMeter(pids: number[], database: string | undefined): () => { servers: number; postgres: number } {
  const servers = () => pids.reduce((sum, pid) => sum + (processCpuMicros(pid) ?? NaN), 0);
  const serversBefore = servers();
  const backendsBefore = database ? backendCpu(database) : new Map<number, number>();
  return () => {
    let postgres = 0;
    if (database) for (const [pid, after] of backendCpu(database)) postgres += after - (backendsBefore.get(pid) ?? 0);
    return { servers: servers() - serversBefore, postgres };
  };
}
