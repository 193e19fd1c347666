import { describe, expect, it } from 'vitest';
import { readNumber } from '../../src/shared/portfolio/brokers/numbers';
import {
  MISSING_HEADER_MESSAGE,
  readPositionsFile as readHoldingsCsv,
} from '../../src/shared/portfolio/brokers/readPositions';

/** Holdings CSV files as brokers export them, read without any editing by hand. */

describe('reading broker exports', () => {
  it('skips title lines, reads "Average Cost Basis" and never takes "Last Price" as the cost', () => {
    const csv = [
      'Brokerage positions as of Nov-24-2026 4:00 p.m. ET',
      '',
      'Account Number,Account Name,Symbol,Description,Quantity,Last Price,Current Value,Cost Basis Total,Average Cost Basis',
      'Z123,Individual,AAPL,APPLE INC,"1,200",$254.37,"$305,244.00","$180,000.00",$150.00',
      'Z123,Individual,MSFT,MICROSOFT CORP,2.5,$613.77,"$1,534.43",$750.00,$300.00',
    ].join('\r\n');
    const read = readHoldingsCsv(csv);
    expect(read.fileError).toBeNull();
    expect(read.reading?.layout.name).toBe('Fidelity — positions');
    expect(read.columns).toEqual({
      headerLine: 3,
      symbol: 'Symbol',
      quantity: 'Quantity',
      averagePrice: 'Average Cost Basis',
      date: null,
      cash: 'Current Value',
      ignored: ['Account Number', 'Account Name', 'Description', 'Last Price', 'Cost Basis Total'],
    });
    expect(read.rows).toMatchObject([
      { line: 4, kind: 'position', symbol: 'AAPL', quantity: '1200', averagePrice: '150', date: null, error: null },
      { line: 5, kind: 'position', symbol: 'MSFT', quantity: '2.5', averagePrice: '300', date: null, error: null },
    ]);
  });

  it('divides a total "Cost Basis" by the quantity when there is no average cost column', () => {
    const csv = [
      '"Positions for account Individual ...123 as of 04:00 PM ET, 2026/11/24"',
      '"Symbol","Description","Quantity","Price","Market Value","Cost Basis"',
      '"KO","COCA COLA CO","3","$70.10","$210.30","$175.50"',
      '"JPM","JPMORGAN CHASE","7","$250.00","$1,750.00","$1,000.00"',
    ].join('\n');
    const read = readHoldingsCsv(csv);
    expect(read.reading?.layout.name).toBe('Charles Schwab — positions');
    expect(read.columns?.averagePrice).toBe('Cost Basis ÷ Quantity');
    expect(read.columns?.ignored).toEqual(['Description', 'Price']);
    expect(read.rows).toMatchObject([
      { line: 3, symbol: 'KO', quantity: '3', averagePrice: '58.5', error: null },
      // 1000 / 7, to the 8 decimals an average price may have
      { line: 4, symbol: 'JPM', quantity: '7', averagePrice: '142.85714286', error: null },
    ]);
  });

  it('reads semicolons with decimal commas, and tabs', () => {
    const semicolons = readHoldingsCsv('Depot 42\nTicker;Stück;Shares;Avg Cost\nSAP;x;12;1.234,5\n');
    expect(semicolons.rows).toMatchObject([
      { line: 3, symbol: 'SAP', quantity: '12', averagePrice: '1234.5', error: null },
    ]);
    const tabs = readHoldingsCsv('symbol\tquantity\taverage price\nnvda\t0.125\t$1,000.25\n');
    expect(tabs.columns).toMatchObject({ symbol: 'symbol', quantity: 'quantity', averagePrice: 'average price' });
    expect(tabs.rows).toMatchObject([
      { line: 2, symbol: 'NVDA', quantity: '0.125', averagePrice: '1000.25', error: null },
    ]);
  });

  it('refuses a file whose only cost-like column is a price', () => {
    const read = readHoldingsCsv('Symbol,Quantity,Price\nAAPL,1,250\n');
    expect(read.fileError).toBe(MISSING_HEADER_MESSAGE);
    expect(read.columns).toBeNull();
  });

  it('explains cells that are not amounts instead of guessing', () => {
    const read = readHoldingsCsv('Symbol,Quantity,Average Cost\nAAPL,lots,abc\nKO,n/a,--\n');
    expect(read.rows[0].error).toBe('Quantity must be a number; Average price must be a number');
    // "--" and "n/a" are how brokers write "no value": the cell is empty, not a number to guess.
    expect(read.rows[1].error).toBe('Quantity is required; Average price is required');
    const text = (cell: string, mark: ',' | '.') => {
      const n = readNumber(cell, mark);
      return typeof n === 'string' ? n : n.value.toFixed();
    };
    expect(text(' $ 12 ', '.')).toBe('12');
    expect(text('1 234.5', '.')).toBe('1234.5');
    expect(text('12,5', '.')).toBe('unreadable');
    expect(text('12,5', ',')).toBe('12.5');
  });
});
