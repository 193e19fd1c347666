import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The package's root folder, found by walking up to its package.json. The server runs from its sources
 * (src/server, in tests and `npm run dev`) and from its compiled bundle (dist/server, under `npm start`), so a
 * path counted in `../` from the running file would differ between the two.
 */
function findPackageRoot(from: string): string {
  for (let dir = from; ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json'))) return dir;
    if (dirname(dir) === dir) throw new Error(`No package.json above ${from}`);
  }
}

export const packageRoot = findPackageRoot(dirname(fileURLToPath(import.meta.url)));
/** The built client (`vite build`). */
export const builtClientDir = join(packageRoot, 'dist/client');
/** The SQLite migrations drizzle-kit writes. */
export const sqliteMigrationsDir = join(packageRoot, 'db/migrations');
export const postgresMigrationsDir = join(packageRoot, 'db/migrations-pg');
