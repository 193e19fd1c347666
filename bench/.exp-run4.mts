import autocannon from '/work/main/node_modules/autocannon/autocannon.js';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
const body = JSON.stringify({ symbols: ['SPY'] });
async function start(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: '/work/main', stdio: ['ignore', 'pipe', 'inherit'] });
  const line: string = await new Promise((r) => createInterface({ input: child.stdout! }).once('line', r));
  return { child, port: JSON.parse(line).port };
}
const servers: Record<string, { child: any; port: number }> = {};
for (const m of ['plain', 'logger', 'logger-nolog']) servers[m] = await start(['bench/servers/.exp4.ts', m]);
servers.app = await start(['bench/servers/.exp3.ts']);
const res: Record<string, number[]> = {};
for (let round = 0; round < 3; round++) for (const [k, s] of Object.entries(servers)) {
  const url = k === 'app' ? `http://127.0.0.1:${s.port}/exp/none` : `http://127.0.0.1:${s.port}/exp`;
  const r = await autocannon({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: 50, duration: round === 0 ? 1 : 2 });
  if (round > 0) (res[k] ??= []).push(Math.round(r.requests.average));
}
for (const k in res) console.log(k.padEnd(14), res[k].join(' '));
for (const s of Object.values(servers)) s.child.kill();
