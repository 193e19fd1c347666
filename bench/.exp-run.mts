import autocannon from '/work/main/node_modules/autocannon/autocannon.js';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
const body = JSON.stringify({ symbols: ['SPY','QQQ','VOO','^IXIC','^DJI','NVDA','PLTR','TSLA','AAPL','GOOGL','MSFT','META'] });
async function start(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: '/work/main', stdio: ['ignore', 'pipe', 'inherit'] });
  const line: string = await new Promise((r) => createInterface({ input: child.stdout! }).once('line', r));
  return { child, url: `http://127.0.0.1:${JSON.parse(line).port}/api/stocks/quotes` };
}
const answer = await (async () => { const s = await start(['bench/servers/tickwise.ts']); const r = await fetch(s.url, { method: 'POST', headers: { 'content-type': 'application/json' }, body }); const t = await r.text(); s.child.kill(); return t; })();
for (const [name, args] of [['bare', ['bench/servers/bare.ts', answer]], ['fastify', ['bench/servers/.exp.ts', 'plain', answer]], ['fastify+hooks', ['bench/servers/.exp.ts', 'hooks', answer]], ['tickwise', ['bench/servers/tickwise.ts']]] as const) {
  const s = await start([...args]);
  await autocannon({ url: s.url, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: 50, duration: 1 });
  const r = await autocannon({ url: s.url, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: 50, duration: 3 });
  console.log(name.padEnd(15), Math.round(r.requests.average), 'p99', r.latency.p99, 'non2xx', r.non2xx);
  s.child.kill();
}
