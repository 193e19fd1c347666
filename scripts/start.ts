/**
 * `npm start`: builds the client when the build is missing or older than its sources, then serves production.
 */
import { ensureClientBuild, spawnProductionServer } from './lib/productionServer';

ensureClientBuild();
const server = spawnProductionServer();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
