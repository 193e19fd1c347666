import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatFigure, meetsTarget, type Bench, type BenchFigure } from './types';

/**
 * `npm run bench [name…]`: runs every bench/*.bench.ts (or those whose file name contains a name given) in sequence,
 * each in a process of its own, prints its figures, then a summary. A process per bench keeps one bench's state out
 * of the next (a process talks to one database engine, and the scale bench opens PostgreSQL; memory and JIT state).
 * Everything runs on loopback with bounded durations; the exit code is non-zero only if a bench crashes (missed
 * targets are reported, not fatal, because timings depend on the machine).
 */
const dir = dirname(fileURLToPath(import.meta.url));
/** Set in a bench's own process: where to write its figures for the summary. */
const FIGURES_FILE = process.env.BENCH_FIGURES_FILE;

async function runOne(file: string): Promise<{ name: string; figures: BenchFigure[] }> {
  const bench = (await import(pathToFileURL(join(dir, file)).href)).default as Bench;
  console.log(`\n=== ${bench.name} (${file})`);
  const figures = await bench.run();
  for (const figure of figures) console.log(`  ${formatFigure(figure)}`);
  return { name: bench.name, figures };
}

/** Runs one bench file in a child process (this script again, told where to leave its figures). */
function runInOwnProcess(file: string): { name: string; figures: BenchFigure[] } | null {
  const work = mkdtempSync(join(tmpdir(), 'tickwise-bench-'));
  const figuresFile = join(work, 'figures.json');
  try {
    const child = spawnSync(process.execPath, [...process.execArgv, fileURLToPath(import.meta.url), file], {
      stdio: 'inherit',
      env: { ...process.env, BENCH_FIGURES_FILE: figuresFile },
    });
    if (child.status !== 0) return null;
    return JSON.parse(readFileSync(figuresFile, 'utf8')) as { name: string; figures: BenchFigure[] };
  } catch {
    return null;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  if (FIGURES_FILE) {
    const [file] = process.argv.slice(2);
    try {
      writeFileSync(FIGURES_FILE, JSON.stringify(await runOne(file)));
      process.exit(0);
    } catch (error) {
      console.error(`  FAILED: ${error instanceof Error ? error.stack : String(error)}`);
      process.exit(1);
    }
  }
  const only = process.argv.slice(2);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
    .sort();
  const summary: Array<[string, BenchFigure[]]> = [];
  const crashed: string[] = [];
  for (const file of files) {
    const result = runInOwnProcess(file);
    if (result) summary.push([result.name, result.figures]);
    else crashed.push(file);
  }
  console.log('\n=== Summary');
  for (const [name, figures] of summary) {
    for (const figure of figures) console.log(`  [${name}] ${formatFigure(figure)}`);
  }
  const missed = summary.flatMap(([, f]) => f).filter((f) => meetsTarget(f) === false).length;
  console.log(missed === 0 ? '  All targets met.' : `  ${missed} target(s) missed.`);
  if (crashed.length > 0) console.log(`  Crashed: ${crashed.join(', ')}`);
  process.exit(crashed.length > 0 ? 1 : 0);
}

void main();
