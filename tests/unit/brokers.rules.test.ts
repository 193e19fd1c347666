import { describe, expect, it } from 'vitest';
import { Dec } from '../../src/shared/portfolio/decimal';
import { isCashLine } from '../../src/shared/portfolio/brokers/cash';
import { currencyProblem, rowCurrency } from '../../src/shared/portfolio/brokers/currencyRule';
import { decideDateOrder, readDateCell } from '../../src/shared/portfolio/brokers/dates';
import { trade } from '../../src/shared/portfolio/brokers/drafts';
import { KNOWN_ISINS, isValidIsin } from '../../src/shared/portfolio/brokers/isin';
import { decideDecimal, readNumber } from '../../src/shared/portfolio/brokers/numbers';
import { readActivitiesFile } from '../../src/shared/portfolio/brokers/readActivities';
import { simpleRatio } from '../../src/shared/portfolio/brokers/splits';
import { kindOfWording } from '../../src/shared/portfolio/brokers/wordings';

/** The rules of issue 27 §2, one by one, on small inputs (the fixtures test them on whole files). */

const num = (cell: string, mark: ',' | '.') => {
  const n = readNumber(cell, mark);
  return typeof n === 'string' ? n : n.value.toFixed();
};

describe('numbers', () => {
  it('reads thousands separators, currency signs, parentheses and signs', () => {
    expect(num('$1,234.50', '.')).toBe('1234.5');
    expect(num('($1,855.00)', '.')).toBe('-1855');
    expect(num('-$45.12', '.')).toBe('-45.12');
    expect(num('+$355.00', '.')).toBe('355');
    expect(num('$-50.00', '.')).toBe('-50');
    expect(num('1 234,5 €', ',')).toBe('1234.5');
    expect(num("1'234.50", '.')).toBe('1234.5');
    expect(num('USD 12.5', '.')).toBe('12.5');
    expect(num('--', '.')).toBe('empty');
    expect(num('12,5', '.')).toBe('unreadable');
    expect(num('1,2,3', '.')).toBe('unreadable');
  });

  it('with a decimal comma, 1.250 is one thousand two hundred and fifty', () => {
    expect(num('1.250', ',')).toBe('1250');
    expect(num('1.250', '.')).toBe('1.25');
    // The file decides: "1.234,56" and "189,4300" can only be decimal commas; "1.250" alone says nothing.
    expect(decideDecimal(['1.250', '1.234,56', '189,4300'], '.')).toBe(',');
    expect(decideDecimal(['1.250', '1,000'], ',')).toBe(',');
    expect(decideDecimal(['1,234.56', '0.24', '1.0912'], ',')).toBe('.');
    const read = readActivitiesFile(
      'Date;Type;Symbol;Quantity;Price;Amount\n2024-01-10;Deposit;;;;5.000,00\n2024-01-16;Buy;KO;20;;1.250\n',
    );
    expect(read.reading?.decimal).toBe(',');
    expect(read.rows.map((r) => r.activity?.amount ?? r.activity?.price)).toEqual(['5000', '62.5']);
  });
});

describe('dates', () => {
  const cells = (...texts: string[]) => texts.map(readDateCell);
  const hints = { layoutOrder: null, choice: null, decimal: '.' as const, currencies: [], column: '"Date"' };

  it('decides day or month first from the whole column, never one cell', () => {
    expect(decideDateOrder(cells('03/04/2024', '13/04/2024'), hints)).toMatchObject({
      order: 'dmy',
      decidedBy: 'column',
    });
    expect(decideDateOrder(cells('03/04/2024', '04/13/2024'), hints)).toMatchObject({
      order: 'mdy',
      decidedBy: 'column',
    });
    expect(decideDateOrder(cells('2024-03-04', '05.01.2024'), hints)).toMatchObject({ order: null, question: null });
  });

  it('asks when every day is 12 or less; a UK file never silently turns 01/12/2023 into 12 January', () => {
    const uk = decideDateOrder(cells('01/12/2023', '05/11/2023'), { ...hints, currencies: ['GBP'] });
    expect(uk).toMatchObject({ order: null, question: { suggested: 'dmy', samples: ['01/12/2023', '05/11/2023'] } });
    expect(uk.question?.reason).toContain('GBP');
    const comma = decideDateOrder(cells('01/12/2023'), { ...hints, decimal: ',' });
    expect(comma.question).toMatchObject({ suggested: 'dmy' });
    expect(decideDateOrder(cells('01/12/2023'), hints).question).toMatchObject({ suggested: 'mdy' });
    expect(decideDateOrder(cells('01/12/2023'), { ...hints, choice: 'dmy' })).toMatchObject({
      order: 'dmy',
      decidedBy: 'choice',
    });
    expect(decideDateOrder(cells('01/12/2023'), { ...hints, layoutOrder: 'mdy' })).toMatchObject({
      order: 'mdy',
      decidedBy: 'layout',
    });
  });

  it('reads the broker forms: 20231204, IBKR times, "as of", Trading 212 milliseconds', () => {
    expect(readDateCell('20231204')).toEqual({ kind: 'day', ymd: '2023-12-04' });
    expect(readDateCell('20231204;093000')).toEqual({ kind: 'day', ymd: '2023-12-04' });
    expect(readDateCell('2024-01-16, 10:31:12')).toEqual({ kind: 'day', ymd: '2024-01-16' });
    expect(readDateCell('2023-12-18 11:45:06.326')).toEqual({ kind: 'day', ymd: '2023-12-18' });
    expect(readDateCell('07/15/2024 as of 07/12/2024')).toEqual({ kind: 'either', first: 7, second: 12, year: 2024 });
  });
});

describe('fees are read once', () => {
  it('takes the fee out of a net amount before working out the price (265.00 vs 266.50)', () => {
    const buy = trade('buy', {
      date: 'd',
      symbol: 'MSFT',
      quantity: new Dec(10),
      price: null,
      fee: new Dec('1.50'),
      net: new Dec('-3881.50'),
    });
    expect([buy.price?.toFixed(), buy.fee?.toFixed()]).toEqual(['388', '1.5']);
    const sell = trade('sell', {
      date: 'd',
      symbol: 'MSFT',
      quantity: new Dec(-10),
      price: null,
      fee: new Dec('-2'),
      net: new Dec('4146'),
    });
    expect([sell.price?.toFixed(), sell.fee?.toFixed()]).toEqual(['414.8', '2']);
  });

  it('reads "Fees & Comm" and "Commissions and Fees" columns', () => {
    const schwab = readActivitiesFile(
      '"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"\n"01/16/2024","Buy","KO","COCA COLA","60","$59.90","$4.95","-$3,598.95"\n',
    );
    expect(schwab.rows[0].activity).toMatchObject({ fee: '4.95', price: '59.9' });
  });
});

describe('every kind the ledger does not record is skipped with its reason; the file is never refused for it', () => {
  it('imports what it can read and lists the rest', () => {
    const csv = [
      'Date,Type,Symbol,Quantity,Price,Amount',
      '2024-01-10,Deposit,,,,100',
      '2024-01-11,Spin-off,XYZ,3,,',
      '2024-01-12,Lottery win,,,,5',
      '2024-01-13,Interest,,,,0.5',
      '2024-01-14,Buy,KO,1,60,',
    ].join('\n');
    const read = readActivitiesFile(csv);
    expect(read.fileError).toBeNull();
    expect(read.rows.map((r) => r.activity?.type)).toEqual(['deposit', 'buy']);
    expect(read.reading?.skipped.map((s) => [s.line, s.wording])).toEqual([
      [3, 'Spin-off'],
      [4, 'Lottery win'],
      [5, 'Interest'],
    ]);
    expect(read.reading?.skipped[1].reason).toContain('"Lottery win" is not a kind of activity the ledger records');
  });
});

describe('broker wordings', () => {
  it.each([
    ['YOU BOUGHT APPLE INC (AAPL) (Cash)', 'buy'],
    ['YOU SOLD MICROSOFT CORP (MSFT) (Cash)', 'sell'],
    ['DIVIDEND RECEIVED COCA COLA CO (KO) (Cash)', 'dividend'],
    ['Reinvestment', 'reinvest'],
    ['REINVESTMENT COCA COLA CO (KO) (Cash)', 'reinvest'],
    ['Reinvest Shares', 'reinvest'],
    ['Reinvest Dividend', 'dividend'],
    ['MoneyLink Transfer', 'transfer'],
    ['Funds Received', 'deposit'],
    ['Electronic Funds Transfer Received (Cash)', 'deposit'],
    ['Electronic Funds Transfer Paid (Cash)', 'withdrawal'],
    ['Service Fee', 'fee'],
    ['Stock Split', 'split'],
    ['Market buy', 'buy'],
    ['Limit sell', 'sell'],
    ['Dividend (Dividend)', 'dividend'],
    ['Dividend (Ordinary)', 'dividend'],
    ['Foreign Tax Paid', 'tax'],
    ['Credit Interest', 'interest'],
    ['Interest on cash', 'interest'],
    ['Margin Interest', 'fee'],
    ['Sweep out', 'sweep'],
    ['Currency conversion', 'forex'],
    ['Spin-off', 'corporate'],
    ['Kauf', 'buy'],
    ['Verkauf', 'sell'],
    ['Dividende', 'dividend'],
    ['Einlage', 'deposit'],
    ['Entnahme', 'withdrawal'],
    ['Removal', 'withdrawal'],
    ['Buy to Open', 'option'],
  ])('%s → %s', (wording, kind) => expect(kindOfWording(wording)).toBe(kind));
});

describe('splits, reinvestments, cash and currencies', () => {
  it('works a split ratio out of the shares it added', () => {
    expect(simpleRatio(new Dec(100).div(10))).toBe('10:1');
    expect(simpleRatio(new Dec('15').div('10'))).toBe('3:2');
    expect(simpleRatio(new Dec('1.5').plus('13.4999').div('1.5'))).toBe('10:1');
    expect(simpleRatio(new Dec('0.1'))).toBe('1:10');
    const read = readActivitiesFile('Date,Type,Symbol,Quantity\n2024-06-10,Stock Split,NVDA,45\n');
    expect(read.rows[0].error).toContain('shows no NVDA held before it');
  });

  it('adds a reinvested dividend only when the file does not list it', () => {
    const alone = readActivitiesFile(
      'Date,Type,Symbol,Quantity,Price,Amount\n2024-01-02,Buy,KO,10,60,\n2024-04-01,Reinvestment,KO,0.236,61.65,-14.55\n',
    );
    expect(alone.rows.map((r) => [r.activity?.type, r.activity?.amount ?? r.activity?.quantity])).toEqual([
      ['buy', '10'],
      ['dividend', '14.55'],
      ['buy', '0.236'],
    ]);
    const both = readActivitiesFile(
      'Date,Type,Symbol,Quantity,Price,Amount\n2024-01-02,Buy,KO,10,60,\n2024-04-01,Dividend,KO,,,14.55\n2024-04-01,Reinvestment,KO,0.236,61.65,-14.55\n',
    );
    expect(both.rows.map((r) => r.activity?.type)).toEqual(['buy', 'dividend', 'buy']);
  });

  it('knows the sweep and money-market funds as cash', () => {
    for (const symbol of ['SPAXX**', 'SPAXX', 'FDRXX', 'VMFXX', 'SWVXX', 'Cash & Cash Investments', 'FCASH**'])
      expect(isCashLine(symbol), symbol).toBe(true);
    for (const symbol of ['AAPL', 'VOO', 'KO']) expect(isCashLine(symbol), symbol).toBe(false);
  });

  it('names the currency a row cannot be imported in, and no other', () => {
    // Issue 27 §3: the ledger keeps currencies, so only a currency it cannot convert, or a row in several, fails.
    expect(rowCurrency(['USD', 'EUR', 'EUR'])).toBe('USD/EUR');
    expect(rowCurrency(['USD', 'usd', null])).toBe('USD');
    expect(rowCurrency([null, ''])).toBeNull();
    expect(currencyProblem('EUR')).toBeNull();
    expect(currencyProblem('SEK')).toBe(
      'SEK amounts cannot be imported yet: Tickwise converts USD, EUR, GBP, CHF, CAD or JPY',
    );
    expect(currencyProblem('USD')).toBeNull();
    expect(currencyProblem(null)).toBeNull();
  });

  it('maps only ISINs whose check digit is right', () => {
    expect(KNOWN_ISINS.filter((isin) => !isValidIsin(isin))).toEqual([]);
    expect(isValidIsin('US0378331005')).toBe(true);
    expect(isValidIsin('US0378331006')).toBe(false);
  });
});

describe('a quote that never closes', () => {
  it('is a file error naming its line, not a file silently cut short', () => {
    const read = readActivitiesFile(
      'Date,Type,Symbol,Quantity,Price\n2024-01-02,buy,AAPL,1,100\n2024-01-03,buy,"MSFT,1,100\n2024-01-04,buy,KO,1,50\n',
    );
    expect(read.fileError).toMatch(/^Line 3: a quote/);
    expect(read.rows).toEqual([]);
  });
});

describe('plain files', () => {
  it('add a fees column and a commission column, and take sweep-fund trades as cash', () => {
    const read = readActivitiesFile(
      'Date,Action,Symbol,Quantity,Price,Commission,Fees,Amount\n2024-01-16,Buy,AAPL,10,183.63,4.95,0.05,\n2024-01-17,Buy,SPAXX,100,1,,,\n2024-01-31,Dividend,SPAXX,,,,,1.10\n',
    );
    expect(read.reading?.columns.fee).toBe('Fees + Commission');
    expect(read.rows.map((r) => [r.activity?.symbol, r.activity?.fee])).toEqual([['AAPL', '5']]);
    expect(read.reading?.skipped.map((s) => [s.line, s.reason.split(':')[0]])).toEqual([
      [3, 'A money-market or sweep line of the account’s cash, not a trade'],
      [4, 'Interest is not recorded'],
    ]);
  });
});

describe('an IBKR Flex Query without a Symbol column', () => {
  it('finds the ticker by ISIN, names the ISIN it does not know, and skips a trade of no security', () => {
    const read = readActivitiesFile(
      [
        '"Buy/Sell","TradeDate","ISIN","Quantity","TradePrice","TradeMoney","CurrencyPrimary","IBCommission","IBCommissionCurrency"',
        '"BUY","20230522","US0378331005","5","172.5","862.5","USD","-1","USD"',
        '"BUY","20230522","US9220427424","95","93.78","8909.1","USD","-1","USD"',
        '"SELL","20230522","","-8000","1.1173","-8938.4","USD","-1.79924","CHF"',
      ].join('\n'),
    );
    expect(read.reading?.layout.id).toBe('ibkr-flex-trades');
    expect(read.rows.map((r) => [r.line, r.activity?.symbol ?? null, r.error])).toEqual([
      [2, 'AAPL', null],
      [3, null, 'No ticker is known for ISIN US9220427424: add a Symbol column to the Flex Query'],
    ]);
    expect(read.reading?.skipped).toMatchObject([{ line: 4, reason: expect.stringContaining('Currency conversions') }]);
  });
});
