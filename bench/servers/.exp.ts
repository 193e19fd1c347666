import Fastify from 'fastify';
import { registerSecurityHeaders } from '../../src/server/http/securityHeaders';
import { registerOriginCheck } from '../../src/server/http/originCheck';
const mode = process.argv[2];
const body = process.argv[3];
const app = Fastify({ logger: false });
if (mode === 'hooks') { registerSecurityHeaders(app); registerOriginCheck(app, []); }
app.post('/api/stocks/quotes', async (_req, reply) => { reply.header('content-type', 'application/json; charset=utf-8'); return body; });
await app.listen({ port: 0, host: '127.0.0.1' });
const a = app.server.address() as any;
console.log(JSON.stringify({ port: a.port }));
process.on('SIGTERM', () => process.exit(0));
