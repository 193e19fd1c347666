import autocannon from '/work/main/node_modules/autocannon/autocannon.js';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
const body = JSON.stringify({ symbols: ['SPY','QQQ','VOO','^IXIC','^DJI','NVDA','PLTR','TSLA','AAPL','GOOGL','MSFT','META'] });
async function start(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: '/work/main', stdio: ['ignore', 'pipe', 'inherit'] });
  const line: string = await new Promise((r) => createInterface({ input: child.stdout! }).once('line', r));
  return { child, port: JSON.parse(line).port };
}
for (const mode of process.argv.slice(2)) {
  const s = await start(['bench/servers/.exp2.ts', mode]);
  const url = mode === 'rest' ? `http://127.0.0.1:${s.port}/api/stocks/quotes` : `http://127.0.0.1:${s.port}/exp`;
  await autocannon({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: 50, duration: 1 });
  const r = await autocannon({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: 50, duration: 3 });
  console.log(mode.padEnd(10), Math.round(r.requests.average), 'p99', r.latency.p99, 'non2xx', r.non2xx);
  s.child.kill();
}
