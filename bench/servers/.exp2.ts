import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { buildApp } from '../../src/server/app';
import { loadConfig } from '../../src/server/config';
import { createDeps } from '../../src/server/deps';
import { quotesInputSchema } from '../../src/shared/market/schemas';
import { createCaller } from '../../src/server/trpc/router';
import { createHttpContext } from '../../src/server/http/requestContext';
const mode = process.argv[2];
const dir = mkdtempSync(join(tmpdir(), 'exp-'));
const config = loadConfig({ LOG_LEVEL: 'silent', HOST: '127.0.0.1', PORT: '0', DATABASE_PATH: join(dir, 'b.db'), APP_SECRET: 'x'.repeat(40) });
const deps = createDeps(config);
const { http } = await buildApp(deps, { clientDir: join(dir, 'nc') });
http.post('/exp', async (req, reply) => {
  if (mode === 'direct') return deps.market.quotes(quotesInputSchema.parse(req.body).symbols);
  if (mode === 'caller') { const c = createCaller(await createHttpContext(deps, req, reply)); return c.stocks.quotes(req.body as any); }
  if (mode === 'string') { const m = await deps.market.quotes(quotesInputSchema.parse(req.body).symbols); reply.type('application/json'); return cached ??= JSON.stringify(m); }
  if (mode === 'parse') { quotesInputSchema.parse(req.body); return {}; }
  if (mode === 'svc') { await deps.market.quotes(SYMS); return {}; }
  if (mode === 'bigstring') { reply.type('application/json'); return BIG; }
  return {};
});
const SYMS = ['SPY','QQQ','VOO','^IXIC','^DJI','NVDA','PLTR','TSLA','AAPL','GOOGL','MSFT','META'];
const BIG = JSON.stringify({ x: 'y'.repeat(2600) });
let cached: string | undefined;
await http.listen({ port: 0, host: '127.0.0.1' });
console.log(JSON.stringify({ port: (http.server.address() as any).port }));
process.on('SIGTERM', () => process.exit(0));
