/**
 * How `npm start` runs Tickwise, as functions: the bench starts its server through the same code, so what it
 * measures is what `npm start` runs (same command, NODE_ENV=production, every other setting at its default).
 */
import { execFileSync, spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const repoRoot = join(import.meta.dirname, '../..');
const builtOutputs = [join(repoRoot, 'dist/client/index.html'), join(repoRoot, 'dist/server/main.js')];
const buildInputs = ['src', 'scripts/user.ts', 'vite.config.ts', 'package.json', 'postcss.config.cjs'];

function newestMtime(path: string): number {
  const full = join(repoRoot, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

/**
 * Builds client and server when either is missing or older than its sources: a bench measures the code as it is
 * now. (`npm start` itself never rebuilds an existing build; see scripts/launch.mjs.)
 */
export function ensureFreshBuild(): void {
  const builtAt = Math.min(...builtOutputs.map((file) => (existsSync(file) ? statSync(file).mtimeMs : 0)));
  const sourcesAt = Math.max(...buildInputs.map(newestMtime));
  if (builtAt >= sourcesAt) return;
  console.log(builtAt ? 'The build is stale; rebuilding…' : 'Building…');
  execFileSync('npm', ['run', 'build'], { cwd: repoRoot, stdio: 'inherit' });
}

/** The production server process; `env` adds to (and overrides) the caller's environment. */
export function spawnProductionServer(env: NodeJS.ProcessEnv = {}, stdio: StdioOptions = 'inherit'): ChildProcess {
  return spawn(process.execPath, [join(repoRoot, 'scripts/launch.mjs'), 'main'], {
    cwd: repoRoot,
    stdio,
    env: { NODE_ENV: 'production', ...process.env, ...env },
  });
}
