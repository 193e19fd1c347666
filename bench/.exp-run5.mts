import autocannon from '/work/main/node_modules/autocannon/autocannon.js';
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
const body = JSON.stringify({ symbols: ['SPY','QQQ','VOO','^IXIC','^DJI','NVDA','PLTR','TSLA','AAPL','GOOGL','MSFT','META'] });
async function start(args: string[]) {
  const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: '/work/main', stdio: ['ignore', 'pipe', 'inherit'] });
  const lines = createInterface({ input: child.stdout! });
  const queue: string[] = []; let waiter: ((l: string) => void) | null = null;
  lines.on('line', (l) => { if (waiter) { const w = waiter; waiter = null; w(l); } else queue.push(l); });
  const next = () => queue.length ? Promise.resolve(queue.shift()!) : new Promise<string>((r) => (waiter = r));
  const port = JSON.parse(await next()).port;
  const cpu = async () => { child.kill('SIGUSR2'); const u = JSON.parse(await next()); return u.user + u.system; };
  return { child, port, cpu };
}
const ans = 'A'.repeat(2602);
const targets: Array<[string, string[], string]> = [
  ['bare-big', ['bench/servers/bare.ts', ans], '/'],
  ['app-none', ['bench/servers/.exp3.ts'], '/exp/none'],
  ['app-big', ['bench/servers/.exp3.ts'], '/exp/big'],
  ['app-parse', ['bench/servers/.exp3.ts'], '/exp/parse'],
  ['app-svc', ['bench/servers/.exp3.ts'], '/exp/svc'],
  ['app-json', ['bench/servers/.exp3.ts'], '/exp/json'],
  ['app-rest', ['bench/servers/.exp3.ts'], '/api/stocks/quotes'],
];
for (const [name, args, path] of targets) {
  const s = await start(args);
  const url = `http://127.0.0.1:${s.port}${path}`;
  await autocannon({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: 50, duration: 1 });
  const c0 = await s.cpu();
  const r = await autocannon({ url, method: 'POST', headers: { 'content-type': 'application/json' }, body, connections: 50, duration: 3 });
  const c1 = await s.cpu();
  console.log(name.padEnd(12), 'rps', Math.round(r.requests.average), 'cpu/req', ((c1 - c0) / r.requests.total).toFixed(1), 'µs');
  s.child.kill();
}
