import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createDeps } from '../../src/server/deps';
import { quotesInputSchema } from '../../src/shared/market/schemas';
import { quotesMapJson } from '../../src/server/market/quotesJson';
const dir = mkdtempSync(join(tmpdir(), 'exp-'));
const config = loadConfig({ LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', DATABASE_PATH: join(dir, 'b.db'), APP_SECRET: 'x'.repeat(40) });
const deps = createDeps(config);
const { http } = await buildApp(deps, { clientDir: join(dir, 'nc') });
http.post('/exp/:mode', async (req, reply) => {
  const mode = (req.params as any).mode;
  if (mode === 'none') return {};
  if (mode === 'big') { reply.type('application/json; charset=utf-8'); return BIG ??= quotesMapJson(await deps.market.quotes(SYMS)); }
  if (mode === 'parse') { quotesInputSchema.parse(req.body); return {}; }
  if (mode === 'svc') { await deps.market.quotes(SYMS); return {}; }
  if (mode === 'json') { reply.type('application/json; charset=utf-8'); return quotesMapJson(await deps.market.quotes(SYMS)); }
  if (mode === 'concat') { const m = await deps.market.quotes(quotesInputSchema.parse(req.body).symbols); reply.type('application/json; charset=utf-8'); return quotesMapJson(m); }
  return {};
});
let BIG: string | undefined;
const SYMS = ['SPY','QQQ','VOO','^IXIC','^DJI','NVDA','PLTR','TSLA','AAPL','GOOGL','MSFT','META'];
await http.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: (http.server.address() as any).port }));
process.on('SIGTERM', () => process.exit(0));
process.on('SIGUSR2', () => console.log(JSON.stringify(process.cpuUsage())));
