import { readCsvSheet } from '../src/shared/portfolio/csvRecords';
import { MAX_IMPORT_CSV_LENGTH } from '../src/shared/portfolio/limits';
import { readActivitiesFile } from '../src/shared/portfolio/brokers/readActivities';
import { readPositionsFile } from '../src/shared/portfolio/brokers/readPositions';
import type { Bench, BenchFigure } from './types';

/**
 * Reading the largest file an import accepts (100,000 characters), as the preview does on the event loop: a Schwab
 * history of buys, reinvestments (each paired with its dividend) and splits, and a file no layout takes (every
 * delimiter and layout tried, then the other kind's). The baseline is papaparse alone on the same text, so the
 * ratio is what recognising the layout and reading the rows costs on top of parsing.
 */
const RUNS = 15;

function schwabHistory(): string {
  const lines = ['"Date","Action","Symbol","Description","Quantity","Price","Fees & Comm","Amount"'];
  for (let i = 0; lines.join('\n').length < MAX_IMPORT_CSV_LENGTH - 200; i++) {
    const day = new Date(Date.UTC(2000, 0, 3) + i * 86_400_000);
    const date = `${String(day.getUTCMonth() + 1).padStart(2, '0')}/${String(day.getUTCDate()).padStart(2, '0')}/${day.getUTCFullYear()}`;
    if (i % 3 === 0) lines.push(`"${date}","Buy","KO","COCA COLA CO","10","$59.90","$1.00","-$600.00"`);
    else if (i % 3 === 1) lines.push(`"${date}","Reinvest Dividend","KO","COCA COLA CO","","","","$29.10"`);
    else lines.push(`"${date}","Reinvest Shares","KO","COCA COLA CO","0.4815","$60.44","","-$29.10"`);
  }
  return lines.join('\n');
}

/**
 * A DEGIRO file of a EUR account buying a USD fund (every row's fees converted at its rate, foreignTrade.ts), or the
 * same file with the fund bought in euros, which is its baseline: the ratio is what the conversion costs.
 */
function degiroHistory(foreign: boolean): string {
  const lines = [
    'Date,Time,Product,ISIN,Reference exchange,Venue,Quantity,Price,,Local value,,Value EUR,Exchange rate,AutoFX Fee,Transaction and/or third party fees EUR,Total EUR,Order ID,',
  ];
  for (let i = 0; lines.join('\n').length < MAX_IMPORT_CSV_LENGTH - 300; i++) {
    const day = new Date(Date.UTC(2000, 0, 3) + i * 86_400_000);
    const date = `${String(day.getUTCDate()).padStart(2, '0')}-${String(day.getUTCMonth() + 1).padStart(2, '0')}-${day.getUTCFullYear()}`;
    lines.push(
      foreign
        ? `${date},15:30,VANGUARD TOTAL STOCK MARKET ETF,US9229087690,NSY,ARCX,4,288.4000,USD,-1153.60,USD,-1126.01,1.0245,-2.82,-1.00,-1129.83,id-${i},`
        : `${date},15:30,VANGUARD FTSE ALL-WORLD UCITS ETF USD DIS,IE00B3RBWM25,EAM,XAMS,4,124.3600,EUR,-497.44,EUR,-497.44,,0.00,-1.00,-498.44,id-${i},`,
    );
  }
  return lines.join('\n');
}

function noLayout(): string {
  const lines = ['alpha,beta,gamma,delta'];
  while (lines.join('\n').length < MAX_IMPORT_CSV_LENGTH - 100) lines.push('1,2,3,4');
  return lines.join('\n');
}

function median(run: () => unknown): number {
  for (let i = 0; i < 3; i++) run();
  const times: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    run();
    times.push(performance.now() - start);
  }
  return times.sort((a, b) => a - b)[Math.floor(RUNS / 2)];
}

const bench: Bench = {
  name: 'brokers',
  run(): Promise<BenchFigure[]> {
    const history = schwabHistory();
    const other = noLayout();
    const rows = readActivitiesFile(history).rows.length;
    const parse = median(() => readCsvSheet(history, ','));
    const read = median(() => readActivitiesFile(history));
    const refused = median(() => readPositionsFile(other));
    const foreign = degiroHistory(true);
    const same = degiroHistory(false);
    const foreignRows = readActivitiesFile(foreign).rows.filter((r) => r.activity).length;
    const sameRead = median(() => readActivitiesFile(same));
    const foreignRead = median(() => readActivitiesFile(foreign));
    console.log(`  ${history.length.toLocaleString('en-US')} characters, ${rows} activities, median of ${RUNS} runs`);
    console.log(`  papaparse alone ${parse.toFixed(1)} ms; layout and rows ${(read / parse).toFixed(2)}x that`);
    console.log(
      `  DEGIRO, USD fund from a EUR account: ${foreignRows} trades, fees converted, ${foreignRead.toFixed(1)} ms`,
    );
    return Promise.resolve([
      { label: 'Schwab history, 100,000 characters: papaparse alone (baseline)', value: parse, unit: 'ms' },
      { label: 'Schwab history, 100,000 characters: read', value: read, unit: 'ms', target: { max: 100 } },
      { label: 'read ÷ papaparse alone', value: read / parse, unit: 'x', target: { max: 8 } },
      { label: 'a file no layout takes, 100,000 characters', value: refused, unit: 'ms', target: { max: 100 } },
      { label: 'DEGIRO EUR trades, 100,000 characters: read (baseline)', value: sameRead, unit: 'ms' },
      { label: 'DEGIRO USD trades from a EUR account: read', value: foreignRead, unit: 'ms', target: { max: 100 } },
      {
        label: 'USD trades ÷ EUR trades (the fee conversion)',
        value: foreignRead / sameRead,
        unit: 'x',
        target: { max: 1.5 },
      },
    ]);
  },
};

export default bench;
