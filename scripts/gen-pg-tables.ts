/**
 * Writes the PostgreSQL tables (src/server/db/pg/tables/*.ts and pg/schema.ts) from the SQLite ones, the one
 * definition (decision 025; how: scripts/lib/pgTables.ts, the type rules: scripts/lib/pgColumnTypes.ts).
 *
 *   npm run db:pg-tables              regenerate; then `npm run db:generate:pg` when the schema changed
 *   npm run db:pg-tables -- --check   write nothing; exit 1 naming each file that differs (`npm test` runs this)
 */
import { writeFileSync } from 'node:fs';
import { ColumnTypeError } from './lib/pgColumnTypes';
import { differences, generate, GenerationError } from './lib/pgTables';

async function main(): Promise<void> {
  const generated = await generate();
  if (process.argv.includes('--check')) {
    const problems = differences(generated);
    if (problems.length === 0) return;
    console.error(
      `The PostgreSQL tables are not what scripts/gen-pg-tables.ts makes from the SQLite ones:\n  ${problems.join('\n  ')}\n` +
        'Run `npm run db:pg-tables` (then `npm run db:generate:pg` if the schema changed).',
    );
    process.exitCode = 1;
    return;
  }
  for (const [path, text] of generated) writeFileSync(path, text);
  const stale = differences(generated);
  if (stale.length > 0) throw new GenerationError(stale.join('\n'));
  console.log(`Wrote ${generated.size} files from src/server/db/tables.`);
}

main().catch((error: unknown) => {
  console.error(
    error instanceof GenerationError || error instanceof ColumnTypeError ? `gen-pg-tables: ${error.message}` : error,
  );
  process.exitCode = 1;
});
