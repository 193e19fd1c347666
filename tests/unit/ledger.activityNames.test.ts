import { describe, expect, it } from 'vitest';
import { activityNames } from '../../src/client/features/portfolio/ledger/activityNames';
import { act } from '../helpers/ledgerActivities';

describe('activityNames (the Edit and Delete buttons of the Activity tab)', () => {
  it('names each activity by what it was, and keeps a name that reads alike unique with "(n of m)"', () => {
    const deposit = act('deposit', '2024-01-02', { amount: '1000' });
    const first = act('buy', '2024-01-03', { symbol: 'AAPL', quantity: '10', price: '100' });
    const second = act('buy', '2024-01-03', { symbol: 'AAPL', quantity: '10', price: '100' });
    const names = activityNames([deposit, first, second]);
    expect(names.get(deposit.id)).toBe('Deposit of $1,000.00 on 2 Jan 2024');
    expect(names.get(first.id)).toBe('Buy 10 AAPL at $100.00 on 3 Jan 2024 (1 of 2)');
    expect(names.get(second.id)).toBe('Buy 10 AAPL at $100.00 on 3 Jan 2024 (2 of 2)');
    expect(new Set(names.values()).size).toBe(3);
  });
});
