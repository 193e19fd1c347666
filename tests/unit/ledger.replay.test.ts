import { describe, expect, it } from 'vitest';
import { act } from '../helpers/ledgerActivities';
import { LedgerError, replayLedger } from '../../src/server/modules/ledger/arithmetic/replay';

function caught(run: () => unknown): LedgerError {
  try {
    run();
  } catch (error) {
    if (error instanceof LedgerError) return error;
    throw error;
  }
  throw new Error('expected a LedgerError');
}

/**
 * The FIFO-versus-average worked example, checked by hand:
 * buy 10 X at 100 with a 5 fee (cost 1005), buy 10 at 120 (cost 1200), sell 15 at 130 with a 10 fee (proceeds 1940).
 * FIFO takes the first lot (1005) and 5 of the second (600): basis 1605, realised 335, left 5 at 120 (600).
 * Average: 2205 for 20 shares = 110.25 each; 15 of them cost 1653.75: realised 286.25, left 5 at 110.25 (551.25).
 */
describe('FIFO versus average cost', () => {
  const ledger = [
    act('buy', '2024-01-02', { symbol: 'X', quantity: '10', price: '100', fee: '5' }),
    act('buy', '2024-02-01', { symbol: 'X', quantity: '10', price: '120' }),
    act('sell', '2024-03-01', { id: 'sell1', symbol: 'X', quantity: '15', price: '130', fee: '10' }),
  ];

  it('FIFO sells the oldest lots first', () => {
    const replay = replayLedger(ledger, 'fifo');
    expect(replay.realisedBySell).toEqual({ sell1: '335.00' });
    expect(replay.holdings).toEqual([
      {
        symbol: 'X',
        quantity: '5',
        averageCost: '120',
        costBasis: '600.00',
        realisedGain: '335.00',
        lots: [{ date: '2024-02-01', quantity: '5', unitCost: '120', cost: '600.00' }],
      },
    ]);
  });

  it('average cost sells shares at the pool average', () => {
    const replay = replayLedger(ledger, 'average');
    expect(replay.realisedBySell).toEqual({ sell1: '286.25' });
    expect(replay.holdings[0]).toMatchObject({
      quantity: '5',
      averageCost: '110.25',
      costBasis: '551.25',
      realisedGain: '286.25',
      lots: [],
    });
  });

  it('both pay the buys from outside (no cash) and keep the proceeds as cash', () => {
    for (const method of ['fifo', 'average'] as const) {
      const replay = replayLedger(ledger, method);
      expect(replay.externalFlows).toEqual([
        { date: '2024-01-02', amount: '1005.00' },
        { date: '2024-02-01', amount: '1200.00' },
      ]);
      expect(replay.cash).toBe('1940.00');
    }
  });
});

describe('cash', () => {
  it('funds only the shortfall of a buy or a fee from outside, and floors cash at zero', () => {
    const replay = replayLedger(
      [
        act('deposit', '2024-01-02', { amount: '300' }),
        act('buy', '2024-01-02', { symbol: 'X', quantity: '4', price: '100' }),
        act('fee', '2024-01-03', { amount: '12.5' }),
        act('dividend', '2024-01-04', { symbol: 'X', amount: '2.345' }),
        act('withdrawal', '2024-01-05', { amount: '2' }),
      ],
      'fifo',
    );
    expect(replay.externalFlows).toEqual([
      { date: '2024-01-02', amount: '300.00' },
      { date: '2024-01-02', amount: '100.00' },
      { date: '2024-01-03', amount: '12.50' },
      { date: '2024-01-05', amount: '-2.00' },
    ]);
    // The dividend is booked in cents (2.35, half-up) and 2.00 of it withdrawn.
    expect(replay.cash).toBe('0.35');
    expect(replay.dividends).toBe('2.35');
    expect(replay.fees).toBe('12.50');
  });

  it('lists a sold-out symbol with quantity 0 and its realised gain', () => {
    const replay = replayLedger(
      [
        act('buy', '2024-01-02', { symbol: 'X', quantity: '2', price: '10' }),
        act('sell', '2024-01-03', { symbol: 'X', quantity: '2', price: '11' }),
      ],
      'fifo',
    );
    expect(replay.holdings).toEqual([
      { symbol: 'X', quantity: '0', averageCost: '0', costBasis: '0.00', realisedGain: '2.00', lots: [] },
    ]);
  });

  it('average cost: selling everything takes out exactly the cost paid, with no leftover cent', () => {
    const replay = replayLedger(
      [
        act('buy', '2024-01-02', { symbol: 'X', quantity: '3', price: '33.3333' }),
        act('sell', '2024-01-04', { id: 's1', symbol: 'X', quantity: '1', price: '20' }),
        act('sell', '2024-01-05', { id: 's2', symbol: 'X', quantity: '2', price: '20' }),
      ],
      'average',
    );
    // Cost 99.9999 → 100.00; a third is 33.33 (rounded), so the last two shares take out the remaining 66.67.
    expect(replay.realisedBySell).toEqual({ s1: '-13.33', s2: '-26.67' });
    expect(replay.holdings[0]).toMatchObject({ quantity: '0', costBasis: '0.00', realisedGain: '-40.00' });
  });

  it('keeps ledger order within a day: a sell after the buy of the same day is fine', () => {
    const replay = replayLedger(
      [
        act('buy', '2024-01-03', { symbol: 'X', quantity: '1', price: '10' }),
        act('buy', '2024-01-02', { symbol: 'X', quantity: '1', price: '10' }),
        act('sell', '2024-01-03', { symbol: 'X', quantity: '2', price: '10' }),
      ],
      'fifo',
    );
    expect(replay.holdings[0].quantity).toBe('0');
  });
});

describe('splits', () => {
  it('multiply the quantity and every lot, and leave the cost alone', () => {
    const replay = replayLedger(
      [
        act('buy', '2024-01-02', { symbol: 'X', quantity: '10', price: '400' }),
        act('buy', '2024-01-03', { symbol: 'X', quantity: '5', price: '420' }),
        act('split', '2024-01-04', { symbol: 'X', ratio: '4:1' }),
        act('sell', '2024-01-05', { symbol: 'X', quantity: '50', price: '110' }),
      ],
      'fifo',
    );
    expect(replay.holdings[0]).toMatchObject({
      quantity: '10',
      costBasis: '1050.00',
      // 40 split shares of the first lot (4000) and 10 of the second's 20 (1050 of 2100): 5500 − 5050.
      realisedGain: '450.00',
      lots: [{ date: '2024-01-03', quantity: '10', unitCost: '105', cost: '1050.00' }],
    });
  });

  it('reverse splits may leave fractions of a share, shown to 8 decimals', () => {
    const replay = replayLedger(
      [
        act('buy', '2024-01-02', { symbol: 'X', quantity: '10', price: '3' }),
        act('split', '2024-01-04', { symbol: 'X', ratio: '1:3' }),
      ],
      'average',
    );
    expect(replay.holdings[0]).toMatchObject({ quantity: '3.33333333', costBasis: '30.00', averageCost: '9' });
  });
});

describe('ledger errors name the activity and the date', () => {
  it('selling more than held that day', () => {
    const error = caught(() =>
      replayLedger(
        [
          act('buy', '2024-02-01', { symbol: 'AAPL', quantity: '5', price: '180' }),
          act('sell', '2024-03-01', { id: 'bad', symbol: 'AAPL', quantity: '10', price: '190' }),
          act('buy', '2024-03-02', { symbol: 'AAPL', quantity: '5', price: '180' }),
        ],
        'fifo',
      ),
    );
    expect(error.message).toBe('Selling 10 AAPL on 2024-03-01 is more than the 5 held that day.');
    expect(error.activityId).toBe('bad');
  });

  it('selling a symbol never bought', () => {
    const error = caught(() =>
      replayLedger([act('sell', '2024-03-01', { symbol: 'MSFT', quantity: '1', price: '1' })], 'fifo'),
    );
    expect(error.message).toBe('Selling 1 MSFT on 2024-03-01 is more than the 0 held that day.');
  });

  it('a dividend or split of a symbol not held before that date', () => {
    const dividend = caught(() =>
      replayLedger(
        [
          act('dividend', '2024-01-02', { id: 'div', symbol: 'X', amount: '1' }),
          act('buy', '2024-01-03', { symbol: 'X', quantity: '1', price: '1' }),
        ],
        'fifo',
      ),
    );
    expect(dividend.message).toBe('A dividend of X on 2024-01-02 is for a symbol not held on or before that day.');
    expect(dividend.activityId).toBe('div');
    const split = caught(() => replayLedger([act('split', '2024-01-02', { symbol: 'Y', ratio: '2:1' })], 'fifo'));
    expect(split.message).toBe('A split of Y on 2024-01-02 is for a symbol not held on or before that day.');
  });

  it('a withdrawal larger than the cash that day', () => {
    const error = caught(() =>
      replayLedger(
        [
          act('deposit', '2024-01-02', { amount: '200' }),
          act('withdrawal', '2024-03-01', { id: 'out', amount: '500' }),
        ],
        'fifo',
      ),
    );
    expect(error.message).toBe('Withdrawing 500.00 on 2024-03-01 is more than the 200.00 cash that day.');
    expect(error.activityId).toBe('out');
  });

  it('malformed fields: a split ratio, a quantity, a date', () => {
    expect(
      caught(() => replayLedger([act('split', '2024-01-02', { symbol: 'X', ratio: '4:0' })], 'fifo')).message,
    ).toBe('Split of X on 2024-01-02: the ratio must be two positive whole numbers such as 4:1.');
    expect(
      caught(() => replayLedger([act('buy', '2024-01-02', { symbol: 'X', quantity: '-1', price: '1' })], 'fifo'))
        .message,
    ).toBe('Buy of X on 2024-01-02: the quantity must be a positive number.');
    expect(caught(() => replayLedger([act('deposit', '2024-02-30', { amount: '1' })], 'fifo')).message).toBe(
      'Deposit on 2024-02-30: the date must be YYYY-MM-DD.',
    );
  });
});
