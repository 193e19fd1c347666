import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { TRPCError } from '@trpc/server';
import { afterAll, describe, expect, it } from 'vitest';
import { readActivitiesFile } from '../../src/shared/portfolio/brokers/readActivities';
import { readPositionsFile } from '../../src/shared/portfolio/brokers/readPositions';
import { act } from '../helpers/ledgerActivities';
import { EngineState } from '../../src/server/modules/ledger/engine/engineState';
import { LEDGER_ENGINE_BUSY, LedgerEnginePool, MAX_PENDING } from '../../src/server/modules/ledger/engine/pool';
import type { LedgerRequest } from '../../src/server/modules/ledger/engine/protocol';
import { encodeActivities } from '../../src/server/modules/ledger/engine/wire';

/** The ledger engine's thread (issue 26): the same answers as in-process, a bounded queue, failures that stay local. */

const failures: string[] = [];
const pool = new LedgerEnginePool({ size: 1, onFailure: (message) => failures.push(message) });
afterAll(() => pool.close());

const ledger = [
  act('deposit', '2024-01-02', { amount: '1000' }),
  act('buy', '2024-01-03', { symbol: 'X', quantity: '4', price: '12.5', fee: '1' }),
];
const replay = (tag: string): LedgerRequest => ({
  op: 'replay',
  portfolioId: 'p',
  ledger: { tag, full: encodeActivities(ledger) },
  method: 'fifo',
});

describe('the ledger engine pool', () => {
  it('answers on its thread what the engine answers in-process', async () => {
    expect(await pool.run('p', replay('t1'))).toEqual(new EngineState().handle(replay('t1')));
  });

  it("reads every broker's file on its thread exactly as in-process, as activities and as positions", async () => {
    const dir = join(import.meta.dirname, '../fixtures/brokers');
    // Transactions and positions files alike, each read both ways (a file of the other kind says where it belongs).
    const files = readdirSync(dir).filter((name) => name.endsWith('.csv'));
    expect(files.length).toBeGreaterThan(15);
    for (const name of files) {
      const csv = readFileSync(join(dir, name), 'utf8');
      for (const dateOrder of [null, 'dmy'] as const) {
        const activities = await pool.run('p', { op: 'readActivities', portfolioId: 'p', csv, dateOrder });
        expect(activities, name).toEqual({ ok: readActivitiesFile(csv, { dateOrder }) });
        const positions = await pool.run('p', { op: 'readPositions', portfolioId: 'p', csv, dateOrder });
        expect(positions, name).toEqual({ ok: readPositionsFile(csv, { dateOrder }) });
      }
    }
    // The preview's question (day or month first) comes back as asked.
    const ambiguous = readFileSync(join(dir, 'plain-activities-ambiguous.csv'), 'utf8');
    const asked = await pool.run<{ reading: { dates: { question: unknown } } }>('p', {
      op: 'readActivities',
      portfolioId: 'p',
      csv: ambiguous,
      dateOrder: null,
    });
    expect(asked).toMatchObject({ ok: { reading: { dates: { question: expect.anything() } } } });
  });

  it(`refuses a request at once with a 503 when ${MAX_PENDING} are already waiting for the thread`, async () => {
    const waiting = Array.from({ length: MAX_PENDING }, (_, i) => pool.run('p', replay(`w${i}`)));
    const refused = await pool.run('p', replay('one too many')).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(TRPCError);
    expect(refused).toMatchObject({ code: 'SERVICE_UNAVAILABLE', message: LEDGER_ENGINE_BUSY });
    expect((await Promise.all(waiting)).every((answer) => 'ok' in answer)).toBe(true);
  });

  it('fails only the request the engine could not answer, says why, and goes on answering', async () => {
    const broken = pool.run('p', {
      op: 'performance',
      portfolioId: 'p',
      ledger: { tag: 't1' },
      method: 'fifo',
      range: 'ALL',
      today: 'not a day',
      benchmark: 'SPY',
      prices: [],
    });
    await expect(broken).rejects.toThrow(/today must be YYYY-MM-DD/);
    expect(failures.at(-1)).toMatch(/today must be YYYY-MM-DD/);
    expect(await pool.run('p', { ...replay('t1'), ledger: { tag: 't1' } })).toMatchObject({
      ok: { open: [{ symbol: 'X' }] },
    });
  });
});
