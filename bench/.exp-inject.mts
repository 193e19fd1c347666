import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../src/server/app';
import { loadConfig } from '../src/server/config';
import { createDeps } from '../src/server/deps';
import { quotesInputSchema } from '../src/shared/market/schemas';
import { createCaller } from '../src/server/trpc/router';
import { createHttpContext } from '../src/server/http/requestContext';
const dir = mkdtempSync(join(tmpdir(), 'exp-'));
const config = loadConfig({ LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', DATABASE_PATH: join(dir, 'b.db'), APP_SECRET: 'x'.repeat(40) });
const deps = createDeps(config);
const { http } = await buildApp(deps, { clientDir: join(dir, 'nc') });
const SYMS = ['SPY','QQQ','VOO','^IXIC','^DJI','NVDA','PLTR','TSLA','AAPL','GOOGL','MSFT','META'];
let cached: string | undefined;
import { z } from 'zod';
import { isValidSymbol, normalizeSymbol } from '../src/shared/market/symbols';
const fast = z.object({ symbols: z.array(z.string()).max(50).transform((list, ctx) => {
  const out: string[] = [];
  for (const raw of list) { const s = normalizeSymbol(raw); if (!isValidSymbol(s)) { ctx.addIssue({ code: 'custom', message: 'Invalid symbol' }); return z.NEVER; } if (!out.includes(s)) out.push(s); }
  return out;
}) });
const memo = new WeakMap<object, string>();
function concat(m: Record<string, object>) { let out = '{'; let first = true; for (const k in m) { const q = m[k]; let j = memo.get(q); if (!j) { j = JSON.stringify(q); memo.set(q, j); } out += (first ? '' : ',') + JSON.stringify(k) + ':' + j; first = false; } return out + '}'; }
http.post('/exp/:mode', async (req, reply) => {
  const mode = (req.params as any).mode;
  if (mode === 'none') return {};
  if (mode === 'fastparse') { fast.parse(req.body); return {}; }
  if (mode === 'concat') { const m = await deps.market.quotes(fast.parse(req.body).symbols); reply.type('application/json'); return concat(m); }
  if (mode === 'parse') { quotesInputSchema.parse(req.body); return {}; }
  if (mode === 'svc') { await deps.market.quotes(SYMS); return {}; }
  if (mode === 'direct') return deps.market.quotes(quotesInputSchema.parse(req.body).symbols);
  if (mode === 'caller') { const c = createCaller(await createHttpContext(deps, req, reply)); return c.stocks.quotes(req.body as any); }
  if (mode === 'string') { await deps.market.quotes(quotesInputSchema.parse(req.body).symbols); reply.type('application/json'); return (cached ??= JSON.stringify(await deps.market.quotes(SYMS))); }
  return {};
});
await http.ready();
const payload = JSON.stringify({ symbols: SYMS });
const N = 20000;
async function measure(url: string) {
  const start = process.cpuUsage();
  for (let i = 0; i < N; i++) await http.inject({ method: 'POST', url, payload, headers: { 'content-type': 'application/json' } });
  const used = process.cpuUsage(start);
  return (used.user + used.system) / N;
}
const modes = (process.env.MODES ?? 'none,parse,fastparse,direct,concat,string,rest').split(',');
const results: Record<string, number[]> = {};
for (let round = 0; round < 3; round++) for (const m of modes) (results[m] ??= []).push(await measure(m === 'rest' ? '/api/stocks/quotes' : `/exp/${m}`));
for (const m of modes) console.log(m.padEnd(8), Math.min(...results[m]).toFixed(1), 'µs cpu/request');
process.exit(0);
