import type { Db } from '../../src/server/db/client';
import { insertActivities } from '../../src/server/modules/portfolios/ledgerQueries';
import { insertHolding, insertPortfolio } from '../../src/server/modules/portfolios/queries';

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
