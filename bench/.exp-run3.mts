import autocannon from '/work/main/node_modules/autocannon/autocannon.js';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
const body = JSON.stringify({ symbols: ['SPY','QQQ','VOO','^IXIC','^DJI','NVDA','PLTR','TSLA','AAPL','GOOGL','MSFT','META'] });
async function start(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: '/work/main', stdio: ['ignore', 'pipe', 'inherit'] });
  const line: string = await new Promise((r) => createInterface({ input: child.stdout! }).once('line', r));
  return { child, port: JSON.parse(line).port };
}
const app = await start(['bench/servers/.exp3.ts']);
const ans = await (await fetch(`http://127.0.0.1:${app.port}/api/stocks/quotes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body })).text();
const bare = await start(['bench/servers/bare.ts', ans]);
const urls: Record<string, string> = { bare: `http://127.0.0.1:${bare.port}/`, none: `http://127.0.0.1:${app.port}/exp/none`, concat: `http://127.0.0.1:${app.port}/exp/concat`, rest: `http://127.0.0.1:${app.port}/api/stocks/quotes` };
const res: Record<string, number[]> = {};
for (let round = 0; round < 3; round++) for (const [k, url] of Object.entries(urls)) {
  const r = await autocannon({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: 50, duration: round === 0 ? 1 : 2 });
  if (round > 0) (res[k] ??= []).push(Math.round(r.requests.average));
}
for (const k in res) console.log(k.padEnd(8), res[k].join(' '));
app.child.kill(); bare.child.kill();
