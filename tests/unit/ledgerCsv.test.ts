import { describe, expect, it } from 'vitest';
import { readDate } from '../../src/shared/portfolio/brokers/dates';
import { readActivitiesFile } from '../../src/shared/portfolio/brokers/readActivities';
import { activitiesToCsv } from '../../src/shared/portfolio/ledger/csv';
import type { Activity } from '../../src/shared/portfolio/ledger/types';

/** The activities CSV reader and writer (issue 21), without a server: dates, broker columns, a round trip. */

describe('readDate (month first where it matters)', () => {
  const readCsvDate = (text: string) => readDate(text, 'mdy');
  it.each([
    ['2024-01-05', '2024-01-05'],
    ['2024/1/5', '2024-01-05'],
    ['01/05/2024', '2024-01-05'],
    ['05.01.2024', '2024-01-05'],
    ['Jan 5, 2024', '2024-01-05'],
    ['January 5 2024', '2024-01-05'],
    ['5 Jan 2024', '2024-01-05'],
    ['05-Jan-2024', '2024-01-05'],
    ['2024-01-05T15:30:00Z', '2024-01-05'],
  ])('reads %s', (text, date) => expect(readCsvDate(text)).toBe(date));

  it.each(['2024-02-30', '13/01/2024', '31.02.2024', 'Foo 5, 2024', 'yesterday', ''])('refuses %s', (text) =>
    expect(readCsvDate(text)).toBeNull(),
  );
});

describe('readActivitiesFile on plain files', () => {
  const readActivitiesCsv = (text: string) => {
    const read = readActivitiesFile(text);
    return { ...read, columns: read.reading?.columns };
  };
  it('maps broker column names and words, and says why a row cannot be read', () => {
    const csv = [
      'Trade Date,Action,Symbol,Quantity,Price,Commission,Amount,Split Ratio,Memo',
      '2024-03-01,YOU BOUGHT,msft,3,"$1,234.50",$4.95,,,',
      '2024-03-02,Stock Split,MSFT,,,,,2:1,',
      '2024-03-03,Withdrawal,,,,,"(250.00)",,rent',
      '2024-03-04,Sell,MSFT,1,,,,,',
    ].join('\n');
    const { rows, columns, fileError } = readActivitiesCsv(csv);
    expect(fileError).toBeNull();
    expect(columns).toMatchObject({ date: 'Trade Date', type: 'Action', fee: 'Commission', ratio: 'Split Ratio' });
    expect(rows[0]).toMatchObject({
      line: 2,
      activity: { type: 'buy', symbol: 'MSFT', quantity: '3', price: '1234.5', fee: '4.95' },
    });
    expect(rows[1].activity).toMatchObject({ type: 'split', ratio: '2:1', quantity: null });
    expect(rows[2].activity).toMatchObject({ type: 'withdrawal', amount: '250', note: 'rent' });
    expect(rows[3]).toMatchObject({ line: 5, activity: null, error: 'Price is required' });
  });

  it('writes what it reads', () => {
    const activities: Activity[] = [
      {
        id: 'a',
        type: 'deposit',
        date: '2024-01-02',
        symbol: null,
        quantity: null,
        price: null,
        fee: null,
        amount: '100',
        ratio: null,
        note: 'a, "b"',
      },
      {
        id: 'b',
        type: 'buy',
        date: '2024-01-03',
        symbol: 'AAPL',
        quantity: '0.5',
        price: '180',
        fee: '1',
        amount: null,
        ratio: null,
        note: '=SUM(A1)',
      },
      {
        id: 'c',
        type: 'split',
        date: '2024-01-04',
        symbol: 'AAPL',
        quantity: null,
        price: null,
        fee: null,
        amount: null,
        ratio: '3:2',
        note: null,
      },
    ];
    const read = readActivitiesCsv(activitiesToCsv(activities));
    expect(read.rows.map((r) => r.activity)).toEqual(activities.map(({ id: _id, ...rest }) => rest));
  });
});
