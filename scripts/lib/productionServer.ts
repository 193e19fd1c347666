/**
 * How `npm start` runs Tickwise, as functions: the bench starts its server through the same code, so what it
 * measures is what `npm start` runs (same command, NODE_ENV=production, every other setting at its default).
 */
import { execFileSync, spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '../..');
const builtIndex = join(repoRoot, 'dist/client/index.html');
const clientInputs = ['src/client', 'src/shared', 'vite.config.ts', 'package.json', 'postcss.config.cjs'];

function newestMtime(path: string): number {
  const full = join(repoRoot, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

/** Builds the client when the build is missing or older than its sources. */
export function ensureClientBuild(): void {
  const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
  const sourcesAt = Math.max(...clientInputs.map(newestMtime));
  if (builtAt >= sourcesAt) return;
  console.log(builtAt ? 'Client build is stale; rebuilding…' : 'Building the client…');
  execFileSync('npx', ['vite', 'build'], { cwd: repoRoot, stdio: 'inherit' });
}

/** The production server process; `env` adds to (and overrides) the caller's environment. */
export function spawnProductionServer(env: NodeJS.ProcessEnv = {}, stdio: StdioOptions = 'inherit'): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', join(repoRoot, 'src/server/main.ts')], {
    cwd: repoRoot,
    stdio,
    env: { NODE_ENV: 'production', ...process.env, ...env },
  });
}
