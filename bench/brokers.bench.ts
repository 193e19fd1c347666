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
    console.log(`  ${history.length.toLocaleString('en-US')} characters, ${rows} activities, median of ${RUNS} runs`);
    console.log(`  papaparse alone ${parse.toFixed(1)} ms; layout and rows ${(read / parse).toFixed(2)}x that`);
    return Promise.resolve([
      { label: 'Schwab history, 100,000 characters: papaparse alone (baseline)', value: parse, unit: 'ms' },
      { label: 'Schwab history, 100,000 characters: read', value: read, unit: 'ms', target: { max: 100 } },
      { label: 'read ÷ papaparse alone', value: read / parse, unit: 'x', target: { max: 8 } },
      { label: 'a file no layout takes, 100,000 characters', value: refused, unit: 'ms', target: { max: 100 } },
    ]);
  },
};

export default bench;
