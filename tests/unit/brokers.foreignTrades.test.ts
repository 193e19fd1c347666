import { describe, expect, it } from 'vitest';
import { findInstrument } from '../../src/server/market/universe/instruments';
import { ISIN_SYMBOLS } from '../../src/shared/portfolio/brokers/isin';
import { readActivitiesFile } from '../../src/shared/portfolio/brokers/readActivities';
import { brokerFixtures } from '../helpers/brokerFixtures';

/**
 * Trades of a listing in one currency paid from an account in another (issue 27 §2-3, decision 028): recorded in the
 * listing's currency, the fees converted at the broker's rate whichever way it is written, and the rows no rate
 * relates still listed as failing with their reason.
 */

const T212_HEADER =
  'Action,Time,ISIN,Ticker,Name,No. of shares,Price / share,Currency (Price / share),Exchange rate,Result,Currency (Result),Total,Currency (Total),Currency conversion fee,Currency (Currency conversion fee),Stamp duty reserve tax,Currency (Stamp duty reserve tax)';

const rowsOf = (csv: string) =>
  readActivitiesFile(csv).rows.map((r) => ({
    line: r.line,
    symbol: r.activity?.symbol ?? null,
    price: r.activity?.price ?? null,
    fee: r.activity?.fee ?? null,
    currency: r.currency,
    error: r.error,
  }));

describe('Trading 212: a USD fund bought from a GBP account', () => {
  it('converts the fee at the row’s rate, written either way (dollars per pound or pounds per dollar)', () => {
    // 3 x 298.50 USD = 895.50 USD = 721.01 GBP at 1.2420; the 1.08 GBP fee is 1.34 USD.
    const usdPerGbp = `Market buy,2025-02-04 14:32:10,US9229087690,VTI,Vanguard,3,298.50,USD,1.24200000,,GBP,722.09,GBP,1.08,GBP,,`;
    const gbpPerUsd = `Market buy,2025-02-04 14:32:10,US9229087690,VTI,Vanguard,3,298.50,USD,0.80515298,,GBP,722.09,GBP,1.08,GBP,,`;
    for (const row of [usdPerGbp, gbpPerUsd])
      expect(rowsOf(`${T212_HEADER}\n${row}\n`)).toEqual([
        { line: 2, symbol: 'VTI', price: '298.5', fee: '1.34', currency: 'USD', error: null },
      ]);
  });

  it('reads a London share priced in pence from a GBP account in pounds, its stamp duty as it is', () => {
    const row = `Market buy,2025-02-06 09:01:00,GB00BP6MXD84,SHEL,Shell,20,2650.5,GBX,100.00000000,,GBP,532.65,GBP,,,2.64,GBP`;
    expect(rowsOf(`${T212_HEADER}\n${row}\n`)).toEqual([
      { line: 2, symbol: 'SHEL.L', price: '26.505', fee: '2.64', currency: 'GBP', error: null },
    ]);
  });

  it('fails a row whose fee is in a third currency, and reads the others', () => {
    const rows = [
      `Market buy,2025-02-04 14:32:10,US9229087690,VTI,Vanguard,3,298.50,USD,1.24200000,,GBP,722.09,GBP,1.08,EUR,,`,
      `Market buy,2025-02-05 14:32:10,US8085247976,SCHD,Schwab,25,27.85,USD,1.24200000,,GBP,561.43,GBP,0.84,GBP,,`,
    ];
    expect(rowsOf(`${T212_HEADER}\n${rows.join('\n')}\n`)).toEqual([
      { line: 3, symbol: 'SCHD', price: '27.85', fee: '1.04', currency: 'USD', error: null },
      {
        line: 2,
        symbol: null,
        price: null,
        fee: null,
        currency: null,
        error: 'A fee in EUR cannot be converted: the row trades in USD from GBP',
      },
    ]);
  });
});

describe('DEGIRO: a USD share bought from a EUR account', () => {
  const header =
    'Date,Time,Product,ISIN,Reference exchange,Venue,Quantity,Price,,Local value,,Value EUR,Exchange rate,AutoFX Fee,Transaction and/or third party fees EUR,Total EUR,Order ID,';

  it('takes the rate from the values when the exchange rate is missing', () => {
    // 4 x 288.40 = 1153.60 USD for 1126.01 EUR: 1.02451 dollars a euro; 3.82 EUR of fees are 3.91 USD.
    const row = `14-01-2025,15:30,VANGUARD TOTAL STOCK,US9229087690,NSY,ARCX,4,288.4000,USD,-1153.60,USD,-1126.01,,-2.82,-1.00,-1129.83,a,`;
    expect(rowsOf(`${header}\n${row}\n`)).toEqual([
      { line: 2, symbol: 'VTI', price: '288.4', fee: '3.91', currency: 'USD', error: null },
    ]);
  });

  it('fails a row that gives neither a rate nor its value in euros, with the reason', () => {
    const row = `14-01-2025,15:30,VANGUARD TOTAL STOCK,US9229087690,NSY,ARCX,4,288.4000,USD,,USD,,,-2.82,-1.00,-1129.83,a,`;
    expect(rowsOf(`${header}\n${row}\n`)).toEqual([
      {
        line: 2,
        symbol: null,
        price: null,
        fee: null,
        currency: null,
        error: 'The fee is in EUR and the price in USD, and the row gives no exchange rate to convert it',
      },
    ]);
  });
});

describe('IBKR Flex: a commission charged in the base currency', () => {
  const header =
    '"CurrencyPrimary","FXRateToBase","AssetClass","Symbol","ISIN","TradeDate","Quantity","TradePrice","IBCommission","IBCommissionCurrency","Buy/Sell"';

  it('divides it by FXRateToBase; a commission in a third currency fails with the reason', () => {
    const rows = [
      '"USD","0.9711","STK","BND","US9219378356","20250115","10","71.86","-1","EUR","BUY"',
      '"USD","1","STK","BND","US9219378356","20250116","10","71.86","-1","CHF","BUY"',
    ];
    expect(rowsOf(`${header}\n${rows.join('\n')}\n`)).toEqual([
      { line: 2, symbol: 'BND', price: '71.86', fee: '1.03', currency: 'USD', error: null },
      {
        line: 3,
        symbol: null,
        price: null,
        fee: null,
        currency: null,
        error: 'The commission is in CHF and the trade in USD, and FXRateToBase does not say the rate between them',
      },
    ]);
  });
});

describe('the built-in market knows what the broker files hold (issue 27 §5)', () => {
  it('lists every symbol an ISIN maps to', () => {
    expect(ISIN_SYMBOLS.filter((s) => !findInstrument(s))).toEqual([]);
  });

  it('lists every symbol of every fixture the import accepts', () => {
    const symbols = brokerFixtures().flatMap((f) =>
      f.kind === 'activities'
        ? f.activities.filter((a) => a.symbol && !a.serverError).map((a) => a.symbol!)
        : f.rows.filter((r) => r.kind === 'position' && !r.serverError && !r.error).map((r) => r.symbol),
    );
    expect(new Set(symbols).size).toBeGreaterThan(12);
    expect([...new Set(symbols)].filter((s) => !findInstrument(s))).toEqual([]);
  });
});
