import { startTestServer } from '../tests/helpers/testServer';
import { seedLedger } from './ledger-load/seed';
import { activitiesOf } from '../src/server/modules/portfolios/ledgerQueries';
import { encodeActivities } from '../src/server/modules/portfolios/ledgerEngine/wire';
import { BenchUser } from './ledger-load/client';

const server = await startTestServer({});
const owner = await BenchUser.register(server.url, 'probe');
const id = await owner.portfolio('P');
seedLedger(server.deps.config.DATABASE_PATH, id, 's', 19000, Date.now());
const t = async (label: string, f: () => unknown) => { const s = performance.now(); const r = await f(); console.log(label, (performance.now() - s).toFixed(1), 'ms'); return r; };
for (let i = 0; i < 3; i++) {
  const rows = (await t('activitiesOf', () => activitiesOf(server.deps.db, id))) as any[];
  await t('encode', () => encodeActivities(rows));
}
for (const years of [11, 11]) {
  for (const s of ['SPY', 'AAPL', 'MSFT']) await t(`dailyHistory ${s} ${years}y`, () => server.deps.market.dailyHistory(s, years));
}
const bars = await server.deps.market.dailyHistory('KO', 11);
await t('seriesOf', () => server.deps.performance.seriesOf('KO', bars));
console.log('bars', bars.length);
await server.close();
process.exit(0);
