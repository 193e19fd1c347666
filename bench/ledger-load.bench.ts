import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { BenchUser } from './ledger-load/client';
import { loopBlocksBetween, monotonicMicros } from './lib/loopBlocks';
import { processCpuMicros, threadCpuMicros } from './lib/processCpu';
import { otherUserLoad, percentile, rssMb, rssPeak } from './ledger-load/probe';
import { SEED_SYMBOLS, seedLedger } from './ledger-load/seed';
import { startServerProcess, type ServerProcess } from './serverProcess';
import type { Bench, BenchFigure } from './types';

/**
 * Issue 26 items 1-3 and 6, against the real server in its own process (simulated market, SQLite), while another
 * user reads their portfolio list every 25 ms, the server's resident memory is sampled and its event loop's longest
 * blocks are recorded (bench/lib/loopBlocks.ts):
 * - early date: an activity dated 0100-01-01, then the ALL-range performance (the walk of 700,000 days);
 * - reads: performance of a 15,200-activity, 10-year ledger (the issue's), ALL and 1Y alternating (each a
 *   computation);
 * - edit oldest: the oldest of those 15,200 activities edited, then performance read again;
 * - preview: a 1,000-row activities CSV, 119 of its rows refused by the ledger, previewed against a ledger of 19,000
 *   activities (20,000 with the file's rows, the most a portfolio holds: the issue's target);
 * - splits and notes: forty 999999999:1 splits, then performance; a note with a lone surrogate;
 * - many ledgers: LEDGER_LOAD_PORTFOLIOS (default 12) portfolios of 19,000 activities read once each (detail and
 *   performance), with the server's resident memory after every three.
 * LEDGER_LOAD_TREES (comma-separated source trees, default this one) runs the same scenarios on each tree's own
 * server, interleaved scenario by scenario: `LEDGER_LOAD_TREES=/tmp/before,. npm run bench -- ledger-load` gives the
 * before and after figures of one run. The other user's p99 with nothing else running is the baseline.
 * LEDGER_LOAD_ONLY (comma-separated words) runs only the scenarios whose names contain one of them, and the baseline:
 * `LEDGER_LOAD_ONLY=preview` for a short run of one repro.
 */
/** The ledger of the reads and the edits: the issue's 15,200 activities. */
const LEDGER = 15_200;
/** With the preview's 1,000 rows, the 20,000 activities a portfolio may hold (a larger total is refused unchecked). */
const PREVIEW_LEDGER = 19_000;
/** Each of the many ledgers: the size of the issue's 40 portfolios. */
const MANY_LEDGER = 19_000;
const PORTFOLIOS = Number(process.env.LEDGER_LOAD_PORTFOLIOS ?? 12);
const READS = 8;
const EDITS = 6;
const OTHER_PATH = '/api/portfolios';

interface Tree {
  label: string;
  dir: string;
  server: ServerProcess;
  dbDir: string;
  /** Where the server writes its event loop's blocks (bench/lib/loopBlocks.ts). */
  loopBlocks: string;
  other: BenchUser;
  owner: BenchUser;
  ledgerId: string;
  oldestDate: string;
  previewLedgerId: string;
  /** The event loop's CPU per request of the other user, from the idle scenario. */
  loopPerCall?: number;
}

interface Outcome {
  detail: string;
  figures: BenchFigure[];
}

type Scenario = { name: string; run(tree: Tree): Promise<Outcome> };

const round1 = (n: number) => Math.round(n * 10) / 10;
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
const statuses = (xs: number[]) => {
  const counts = new Map<number, number>();
  for (const s of xs) counts.set(s, (counts.get(s) ?? 0) + 1);
  return [...counts].map(([s, n]) => `${n}x${s}`).join(', ');
};

async function startTree(dir: string, label: string): Promise<Tree> {
  const dbDir = mkdtempSync(join(tmpdir(), 'tickwise-ledger-load-'));
  const dbFile = join(dbDir, 'bench.db');
  // Beside the CPU profiles when there are some (bench/lib/cpuProfileBlocks.ts reads both), else with the database.
  const loopBlocks = join(process.env.BENCH_CPU_PROF ?? dbDir, `loop-blocks-${basename(dir)}-${process.pid}.jsonl`);
  const server = await startServerProcess('ledger.ts', ['--tree', dir, '--db', dbFile, '--loop-blocks', loopBlocks]);
  const other = await BenchUser.register(server.url, 'other');
  const otherId = await other.portfolio('Small');
  for (const symbol of ['AAPL', 'MSFT'])
    await other.call('POST', `/api/portfolios/${otherId}/holdings`, { symbol, quantity: 3, averagePrice: 100 });
  const owner = await BenchUser.register(server.url, 'owner');
  const ledgerId = await owner.portfolio('Fifteen thousand two hundred');
  const oldestDate = seedLedger(dbFile, ledgerId, 's', LEDGER, Date.now());
  const previewLedgerId = await owner.portfolio('Nineteen thousand, for the preview');
  seedLedger(dbFile, previewLedgerId, 'v', PREVIEW_LEDGER, Date.now());
  // The other user's path warmed up (JIT, caches), so the idle figure is the server's, not its first minute's; and
  // the simulated market's ten years of daily bars of every seeded symbol made once, by a small ledger of the other
  // user (the first history of a symbol is the market's cost, the same on both sides, not the ledger's).
  for (let i = 0; i < 50; i++) await other.call('GET', OTHER_PATH);
  const warm = await other.portfolio('Ten years of prices');
  const start = new Date(Date.now() - 3652 * 86_400_000).toISOString().slice(0, 10);
  for (const symbol of SEED_SYMBOLS)
    await other.call('POST', `/api/portfolios/${warm}/activities`, {
      type: 'buy',
      date: start,
      symbol,
      quantity: 1,
      price: 1,
    });
  await other.call('GET', `/api/portfolios/${warm}/performance?range=ALL`);
  return { label, dir, server, dbDir, loopBlocks, other, owner, ledgerId, oldestDate, previewLedgerId };
}

/** The preview's file and how many of its rows the ledger must refuse. */
const { csv: oneThousandRows, refused: REFUSED_ROWS } = (() => {
  let refused = 0;
  const lines = ['Date,Type,Symbol,Quantity,Price,Fee,Amount,Ratio,Note'];
  const start = Date.now() - 700 * 86_400_000;
  for (let i = 0; i < 1000; i++) {
    const date = new Date(start + i * 600_000_00).toISOString().slice(0, 10);
    // Every 25th row sells far more than is held (40 of them), every 12th pays a dividend of a symbol never held
    // (79 more): 119 rows the ledger refuses, spread over the file.
    if (i % 25 === 3 || i % 12 === 5) refused++;
    if (i % 25 === 3) lines.push(`${date},Sell,MSFT,1000000,120,1,,,`);
    else if (i % 12 === 5) lines.push(`${date},Dividend,IBM,,,,4.5,,`);
    else if (i % 2 === 0) lines.push(`${date},Buy,AAPL,1,150,1,,,`);
    else lines.push(`${date},Deposit,,,,,200,,`);
  }
  return { csv: lines.join('\n'), refused };
})();

const scenarios: Scenario[] = [
  {
    name: 'idle',
    async run() {
      await new Promise((r) => setTimeout(r, 4000));
      return { detail: 'nothing else running', figures: [] };
    },
  },
  {
    name: 'performance reads, 15,200 activities',
    async run({ owner, ledgerId }) {
      const times: number[] = [];
      const codes: number[] = [];
      let bytes = 0;
      for (let i = 0; i < READS; i++) {
        const res = await owner.call('GET', `/api/portfolios/${ledgerId}/performance?range=${i % 2 ? '1Y' : 'ALL'}`);
        times.push(res.ms);
        codes.push(res.status);
        if (i % 2 === 0) bytes = res.text.length;
      }
      return {
        detail: `${statuses(codes)}; ALL answer ${Math.round(bytes / 1024)} KB; first ${Math.round(times[0])} ms`,
        figures: [{ label: 'performance read (median)', value: round1(median(times)), unit: 'ms' }],
      };
    },
  },
  {
    name: 'edit the oldest of 15,200 activities, then read performance',
    async run({ owner, ledgerId, oldestDate }) {
      const edits: number[] = [];
      const reads: number[] = [];
      const codes: number[] = [];
      // The seeded ledger's oldest activity, a deposit (seed.ts), known without listing 15,200 activities.
      const first = { id: 's000000', date: oldestDate };
      for (let i = 0; i < EDITS; i++) {
        const edit = await owner.call('PUT', `/api/portfolios/${ledgerId}/activities/${first.id}`, {
          type: 'deposit',
          date: first.date,
          amount: i % 2 ? '2500' : '2501',
        });
        edits.push(edit.ms);
        codes.push(edit.status);
        const read = await owner.call('GET', `/api/portfolios/${ledgerId}/performance?range=ALL`);
        reads.push(read.ms);
        codes.push(read.status);
      }
      return {
        detail: statuses(codes),
        figures: [
          { label: 'edit (median)', value: round1(median(edits)), unit: 'ms' },
          { label: 'performance read after the edit (median)', value: round1(median(reads)), unit: 'ms' },
        ],
      };
    },
  },
  {
    name: `preview a 1,000-row CSV (${REFUSED_ROWS} rows refused) against 19,000 activities (20,000 with it)`,
    async run({ owner, previewLedgerId }) {
      const res = await owner.call('POST', `/api/portfolios/${previewLedgerId}/activities/import/preview`, {
        csv: oneThousandRows,
      });
      const body = JSON.parse(res.text) as { valid?: number; invalid?: number; message?: string; fileError?: string };
      const said = body.message ?? body.fileError;
      return {
        detail: `${res.status}: ${body.valid ?? '-'} valid, ${body.invalid ?? '-'} invalid${said ? ` (${said})` : ''}`,
        figures: [
          { label: 'preview', value: Math.round(res.ms), unit: 'ms', target: { max: 1000 } },
          { label: `rows named as refused (${REFUSED_ROWS} are)`, value: body.invalid ?? -1, unit: 'rows' },
        ],
      };
    },
  },
  {
    name: 'forty 999999999:1 splits, then performance; a note with a lone surrogate',
    async run({ server }) {
      const user = await BenchUser.register(server.url, 'splitter');
      const id = await user.portfolio('Splits');
      const buy = await user.call('POST', `/api/portfolios/${id}/activities`, {
        type: 'buy',
        date: '2020-01-02',
        symbol: 'AAPL',
        quantity: '1',
        price: '100',
      });
      let accepted = 0;
      let refusal = '';
      for (let i = 0; i < 40; i++) {
        const split = await user.call('POST', `/api/portfolios/${id}/activities`, {
          type: 'split',
          date: '2020-01-03',
          symbol: 'AAPL',
          ratio: '999999999:1',
        });
        if (split.status === 201) accepted++;
        else refusal ||= `${split.status} ${split.text.slice(0, 160)}`;
      }
      const performance = await user.call('GET', `/api/portfolios/${id}/performance?range=ALL`);
      const note = await user.call('POST', `/api/portfolios/${id}/activities`, {
        type: 'deposit',
        date: '2020-01-02',
        amount: '10',
        note: 'a\ud800b',
      });
      return {
        detail:
          `buy ${buy.status}; ${accepted} of 40 splits accepted${refusal ? `, then ${refusal}` : ''}; ` +
          `performance ${performance.status}; lone-surrogate note ${note.status}`,
        figures: [
          { label: 'splits accepted', value: accepted, unit: 'of 40' },
          { label: 'performance status after them', value: performance.status, unit: '' },
          { label: 'lone-surrogate note status', value: note.status, unit: '' },
        ],
      };
    },
  },
  {
    name: 'an activity dated 0100-01-01, then performance twice',
    async run({ server }) {
      const user = await BenchUser.register(server.url, 'ancient');
      const id = await user.portfolio('Ancient');
      const add = await user.call('POST', `/api/portfolios/${id}/activities`, {
        type: 'buy',
        date: '0100-01-01',
        symbol: 'AAPL',
        quantity: '1',
        price: '1',
      });
      const reads: Array<{ status: number; ms: number; kb: number }> = [];
      if (add.status === 201) {
        for (let i = 0; i < 2; i++) {
          const res = await user.call('GET', `/api/portfolios/${id}/performance?range=ALL`);
          reads.push({ status: res.status, ms: res.ms, kb: Math.round(res.text.length / 1024) });
        }
      }
      return {
        detail:
          `add ${add.status}${add.status === 201 ? '' : ` (${add.text.slice(0, 120)})`}` +
          reads.map((r) => `; performance ${r.status} in ${Math.round(r.ms)} ms, ${r.kb} KB`).join(''),
        figures: [
          { label: 'add status', value: add.status, unit: '' },
          { label: 'slowest performance read', value: Math.round(Math.max(0, ...reads.map((r) => r.ms))), unit: 'ms' },
        ],
      };
    },
  },
  {
    name: `${PORTFOLIOS} portfolios of 19,000 activities, each read once`,
    async run({ server, dbDir }) {
      const user = await BenchUser.register(server.url, 'collector');
      const codes: number[] = [];
      const steps: string[] = [];
      let rss = 0;
      for (let i = 0; i < PORTFOLIOS; i++) {
        const id = await user.portfolio(`Ledger ${i}`);
        seedLedger(join(dbDir, 'bench.db'), id, `p${i}`, MANY_LEDGER, Date.now());
        codes.push((await user.call('GET', `/api/portfolios/${id}`)).status);
        codes.push((await user.call('GET', `/api/portfolios/${id}/performance?range=ALL`)).status);
        if ((i + 1) % 3 === 0) {
          rss = rssMb(server.child.pid!);
          steps.push(`${i + 1}: ${rss} MB`);
        }
      }
      return {
        detail: `${statuses(codes)}; resident memory after each three ledgers read: ${steps.join(', ')}`,
        figures: [{ label: 'resident memory afterwards', value: rss, unit: 'MB' }],
      };
    },
  },
];

async function runScenario(tree: Tree, scenario: Scenario): Promise<BenchFigure[]> {
  const pid = tree.server.child.pid!;
  const load = otherUserLoad(tree.server.url, OTHER_PATH, tree.other.cookie);
  const memory = rssPeak(pid);
  // CPU time of the event loop's thread, and of the whole process: on a machine shared with other work, what the
  // loop itself spent is the figure that does not depend on how busy the machine was.
  const [mainBefore, allBefore] = [threadCpuMicros(pid, pid) ?? 0, processCpuMicros(pid) ?? 0];
  const startedUs = monotonicMicros();
  let outcome: Outcome;
  try {
    outcome = await scenario.run(tree);
  } catch (error) {
    outcome = { detail: `failed: ${error instanceof Error ? error.message : String(error)}`, figures: [] };
  }
  const times = await load.stop();
  const peak = memory.stop();
  // The longest turns the loop did not take (server-side, timer lateness): unlike the other user's p99 it leaves out
  // the client's and the network's queues, and names one block; it still counts any wait of the server for a core,
  // so on a loaded machine compare it with the idle scenario's.
  const blocks = loopBlocksBetween(tree.loopBlocks, startedUs, monotonicMicros());
  const longest = round1(blocks[0]?.ms ?? 0);
  const mainCpu = Math.round(((threadCpuMicros(pid, pid) ?? 0) - mainBefore) / 1000);
  // What the loop spent on the scenario itself: its CPU less what the other user's requests cost it when idle.
  if (scenario.name === 'idle') tree.loopPerCall = mainCpu / Math.max(1, times.length);
  const ledgerLoop = Math.max(0, Math.round(mainCpu - times.length * (tree.loopPerCall ?? 0)));
  const otherCpu = Math.round(((processCpuMicros(pid) ?? 0) - allBefore) / 1000) - mainCpu;
  const p99 = round1(percentile(times, 99));
  console.log(
    `  [${tree.label}] ${scenario.name}: ${outcome.detail}\n` +
      `      other user p50 ${round1(percentile(times, 50))} / p99 ${p99} / max ${round1(times.at(-1) ?? 0)} ms ` +
      `(${times.length} calls); server RSS peak ${peak} MB; CPU: event loop ${mainCpu} ms ` +
      `(${ledgerLoop} ms besides the other user's requests), other threads ${otherCpu} ms\n` +
      `      longest event loop blocks: ${
        blocks
          .slice(0, 5)
          .map((b) => `${round1(b.ms)}`)
          .join(', ') || 'none'
      } ms ` +
      `(${blocks.filter((b) => b.ms >= 20).length} of 20 ms or more)`,
  );
  const prefix = `[${tree.label}] ${scenario.name}`;
  return [
    ...outcome.figures.map((f) => ({ ...f, label: `${prefix}: ${f.label}` })),
    {
      label: `${prefix}: other user p99`,
      value: p99,
      unit: 'ms',
      ...(scenario.name === 'idle' ? {} : { target: { max: 50 } }),
    },
    { label: `${prefix}: server RSS peak`, value: peak, unit: 'MB' },
    { label: `${prefix}: longest event loop block`, value: longest, unit: 'ms' },
    { label: `${prefix}: event loop CPU besides the other user's requests`, value: ledgerLoop, unit: 'ms' },
  ];
}

/** Per scenario, one column per tree: the other user's p99, the loop's longest block and CPU, the server's memory. */
function printSideBySide(trees: Tree[], chosen: Scenario[], figures: BenchFigure[]): void {
  const value = (tree: Tree, scenario: Scenario, what: string) =>
    figures.find((f) => f.label === `[${tree.label}] ${scenario.name}: ${what}`)?.value ?? NaN;
  console.log(
    `\n  other user's p99, longest event loop block, event loop CPU besides their requests, server RSS peak: ` +
      trees.map((t) => t.label).join(' | '),
  );
  for (const scenario of chosen) {
    const cells = trees.map(
      (t) =>
        `${value(t, scenario, 'other user p99')} ms, ` +
        `${value(t, scenario, 'longest event loop block')} ms, ` +
        `${value(t, scenario, "event loop CPU besides the other user's requests")} ms, ` +
        `${value(t, scenario, 'server RSS peak')} MB`,
    );
    console.log(`  ${scenario.name}: ${cells.join(' | ')}`);
  }
}

const bench: Bench = {
  name: 'ledger load',
  async run() {
    const dirs = (process.env.LEDGER_LOAD_TREES ?? '.').split(',').map((d) => resolve(d));
    const only = process.env.LEDGER_LOAD_ONLY?.split(',').filter(Boolean) ?? [];
    const chosen = scenarios.filter(
      (s) => s.name === 'idle' || only.length === 0 || only.some((word) => s.name.includes(word)),
    );
    const trees: Tree[] = [];
    const figures: BenchFigure[] = [];
    try {
      for (const dir of dirs) {
        const label = dir === resolve('.') ? 'this tree' : basename(dir);
        trees.push(await startTree(dir, label));
      }
      for (const scenario of chosen) for (const tree of trees) figures.push(...(await runScenario(tree, scenario)));
      if (trees.length > 1) printSideBySide(trees, chosen, figures);
    } finally {
      for (const tree of trees) {
        await tree.server.stop();
        rmSync(tree.dbDir, { recursive: true, force: true });
      }
    }
    return figures;
  },
};

export default bench;
