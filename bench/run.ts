import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { formatFigure, meetsTarget, type Bench, type BenchFigure } from './types';

/**
 * `npm run bench`: runs every bench/*.bench.ts in sequence and prints its figures, then a summary.
 * Everything runs on loopback with bounded durations; the exit code is non-zero only if a bench crashes
 * (missed targets are reported, not fatal, because timings depend on the machine).
 */
async function main(): Promise<void> {
  const dir = dirname(fileURLToPath(import.meta.url));
  const only = process.argv.slice(2);
  const files = readdirSync(dir)
    .filter((f) => f.endsWith('.bench.ts'))
    .filter((f) => only.length === 0 || only.some((o) => f.includes(o)))
    .sort();
  const summary: Array<[string, BenchFigure[]]> = [];
  let crashed = false;
  for (const file of files) {
    const bench = (await import(pathToFileURL(join(dir, file)).href)).default as Bench;
    console.log(`\n=== ${bench.name} (${file})`);
    try {
      const figures = await bench.run();
      for (const figure of figures) console.log(`  ${formatFigure(figure)}`);
      summary.push([bench.name, figures]);
    } catch (error) {
      crashed = true;
      console.error(`  FAILED: ${error instanceof Error ? error.stack : String(error)}`);
    }
  }
  console.log('\n=== Summary');
  for (const [name, figures] of summary) {
    for (const figure of figures) console.log(`  [${name}] ${formatFigure(figure)}`);
  }
  const missed = summary.flatMap(([, f]) => f).filter((f) => meetsTarget(f) === false).length;
  console.log(missed === 0 ? '  All targets met.' : `  ${missed} target(s) missed.`);
  process.exit(crashed ? 1 : 0);
}

void main();
