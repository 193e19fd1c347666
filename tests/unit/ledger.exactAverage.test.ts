import { describe, expect, it } from 'vitest';
import { act } from '../helpers/ledgerActivities';
import type { Activity } from '../../src/shared/portfolio/ledger/types';
import { exactAveragePrices } from '../../src/server/modules/ledger/arithmetic/exactAverage';

const activity = (type: Activity['type'], fields: Partial<Activity>) =>
  act(type, '2024-01-02', { symbol: 'AAPL', ...fields });
const buy = (quantity: string, price: string, fee: string | null = null) => activity('buy', { quantity, price, fee });
const sell = (quantity: string, price: string) => activity('sell', { quantity, price });

describe('the holdings table’s exact average price', () => {
  it('is the price entered for one buy, even when the cost is not whole cents (12.5 × 142.25 = 1,778.125)', () => {
    expect(
      exactAveragePrices([buy('12.5', '142.25')], 'fifo')
        .get('AAPL')
        ?.toString(),
    ).toBe('142.25');
  });

  it('carries the buy fee, and after a FIFO sell is the average of the lots left', () => {
    const ledger = [buy('10', '100', '5'), buy('10', '120'), sell('10', '130')];
    expect(exactAveragePrices(ledger, 'fifo').get('AAPL')?.toString()).toBe('120');
    // Average cost: one pool of 20 at (1005 + 1200) / 20 = 110.25; a sell keeps the average.
    expect(exactAveragePrices(ledger, 'average').get('AAPL')?.toString()).toBe('110.25');
  });

  it('divides by a split’s ratio and forgets a position sold out', () => {
    const ledger = [buy('10', '400'), activity('split', { ratio: '4:1' }), buy('1', '50', null)];
    // 40 shares at 4,000 after the split, one more at 50: 4,050 / 41.
    expect(exactAveragePrices(ledger, 'fifo').get('AAPL')?.toDecimalPlaces(8).toString()).toBe('98.7804878');
    expect(exactAveragePrices([buy('3', '10'), sell('3', '12')], 'fifo').has('AAPL')).toBe(false);
  });
});
