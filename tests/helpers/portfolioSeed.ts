import type { Db } from '../../src/server/db/client';
import { parseActivity } from '../../src/server/modules/ledger/arithmetic/parse';
import { applyAll, freshEnd, projectionOf } from '../../src/server/modules/ledger/engine/ledgerEnd';
import { inLedgerOrder, writeHoldings } from '../../src/server/modules/ledger/ledgerProjection';
import { activityOf, insertActivities, type ActivityRow } from '../../src/server/modules/ledger/ledgerQueries';
import { findOwnedPortfolio, insertHolding, insertPortfolio } from '../../src/server/modules/portfolios/queries';
import type { Activity } from '../../src/shared/portfolio/ledger/types';
import { act } from './ledgerActivities';

/**
 * Crafted portfolios written straight into the real tables (the same query functions the services use), with
 * chosen creation and update times, so 'most recently updated' and merges are under the test's control.
 */

let sequence = 0;
const nextId = (prefix: string) => `${prefix}${process.pid.toString(36)}${(++sequence).toString(36).padStart(6, '0')}`;

export interface SeedPortfolio {
  name: string;
  description?: string | null;
  createdAt: number;
  updatedAt?: number;
  baseCurrency?: string;
  /** [symbol, quantity, average price] as the decimal strings the table holds. */
  holdings?: [string, string, string][];
}

export async function seedPortfolio(db: Db, userId: string, seed: SeedPortfolio): Promise<string> {
  const id = nextId('p');
  await insertPortfolio(db, {
    id,
    userId,
    name: seed.name,
    description: seed.description ?? null,
    isPublic: false,
    shareableLink: null,
    baseCurrency: seed.baseCurrency ?? 'USD',
    costMethod: 'fifo',
    createdAt: seed.createdAt,
    updatedAt: seed.updatedAt ?? seed.createdAt,
  });
  for (const [symbol, quantity, averagePrice] of seed.holdings ?? []) {
    const holdingId = nextId('h');
    // The holding and the buy that makes it, as the ledger migration writes them (issue 21).
    await insertActivities(db, [
      {
        id: `h_${holdingId}`,
        portfolioId: id,
        type: 'buy',
        date: new Date(seed.createdAt).toISOString().slice(0, 10),
        symbol,
        quantity,
        price: averagePrice,
        fee: null,
        amount: null,
        ratio: null,
        note: null,
        createdAt: seed.createdAt,
        updatedAt: seed.createdAt,
      },
    ]);
    await insertHolding(db, {
      id: holdingId,
      portfolioId: id,
      symbol,
      quantity,
      averagePrice,
      createdAt: seed.createdAt,
      updatedAt: seed.createdAt,
    });
  }
  return id;
}

/** Four technology-heavy positions: concentrated enough that several checks warn, one position at a loss. */
export const TECH_BETS: [string, string, string][] = [
  ['AAPL', '10', '150'],
  ['MSFT', '2.5', '300.25'],
  ['NVDA', '0.125', '100'],
  ['TSLA', '3', '400'],
];

export interface SeedLedgerPortfolio {
  name: string;
  createdAt: number;
  /** The ledger, in any order (it is replayed in ledger order). */
  activities: Activity[];
}

/**
 * A portfolio with a dated ledger (deposits, buys, sells, dividends), written as the ledger service keeps one: the
 * activities, then the holdings rebuilt from their replay (as a ledger write does), so performance over any range has a
 * history to compute from.
 */
export async function seedLedgerPortfolio(db: Db, userId: string, seed: SeedLedgerPortfolio): Promise<string> {
  const id = nextId('p');
  await insertPortfolio(db, {
    id,
    userId,
    name: seed.name,
    description: null,
    isPublic: false,
    shareableLink: null,
    costMethod: 'fifo',
    baseCurrency: 'USD',
    createdAt: seed.createdAt,
    updatedAt: seed.createdAt,
  });
  const rows: ActivityRow[] = seed.activities.map((a, i) => ({
    ...a,
    id: nextId('a'),
    portfolioId: id,
    // Recorded in the order given: the ledger's order among activities of one day.
    createdAt: seed.createdAt + i,
    updatedAt: seed.createdAt + i,
  }));
  await insertActivities(db, rows);
  if (!(await findOwnedPortfolio(db, userId, id))) throw new Error(`seeded portfolio ${id} not found`);
  const end = freshEnd('fifo');
  applyAll(
    end,
    inLedgerOrder(rows).map((row) => parseActivity(activityOf(row))),
  );
  await writeHoldings(db, id, projectionOf(end).open, seed.createdAt + rows.length);
  return id;
}

const buy = (date: string, symbol: string, quantity: string, price: string) =>
  act('buy', date, { symbol, quantity, price });
const sell = (date: string, symbol: string, quantity: string, price: string) =>
  act('sell', date, { symbol, quantity, price });
const dividend = (date: string, symbol: string, amount: string) => act('dividend', date, { symbol, amount });
const deposit = (date: string, amount: string) => act('deposit', date, { amount });

/**
 * Three years of a retail investor's ledger up to mid-January 2025: an index fund and a few large caps bought in
 * 2022-2023, NVIDIA added twice until it is about a third of the portfolio (35 % at the simulated prices of
 * 2025-01-15), dividends in 2024 and in January 2025, a sale in 2024 and one in January 2025 (realised gains in the
 * year and year to date).
 */
export const CORE_AND_A_BIG_BET: Activity[] = [
  deposit('2022-03-01', '20000'),
  buy('2022-03-01', 'VOO', '20', '348.15'),
  buy('2022-03-01', 'AAPL', '15', '199.71'),
  buy('2022-03-01', 'KO', '50', '60.71'),
  buy('2022-03-01', 'JNJ', '20', '146.17'),
  buy('2023-01-03', 'NVDA', '60', '66.41'),
  deposit('2023-06-01', '5000'),
  buy('2023-06-01', 'MSFT', '10', '243.08'),
  dividend('2023-07-03', 'KO', '23.00'),
  dividend('2023-12-15', 'JNJ', '23.80'),
  buy('2024-02-01', 'NVDA', '40', '47.05'),
  dividend('2024-04-01', 'KO', '24.25'),
  sell('2024-06-03', 'AAPL', '5', '314.41'),
  dividend('2024-07-01', 'KO', '24.25'),
  dividend('2024-09-30', 'VOO', '33.40'),
  dividend('2024-12-10', 'JNJ', '24.80'),
  sell('2025-01-06', 'AAPL', '2', '272.36'),
  dividend('2025-01-07', 'KO', '24.25'),
];
