/**
 * `npm start`: builds the client when the build is missing or older than its sources, then serves production.
 */
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const builtIndex = join(root, 'dist/client/index.html');
const inputs = ['src/client', 'src/shared', 'vite.config.ts', 'package.json', 'postcss.config.cjs'];

function newestMtime(path: string): number {
  const full = join(root, path);
  if (!existsSync(full)) return 0;
  const stat = statSync(full);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(full).reduce((max, name) => Math.max(max, newestMtime(join(path, name))), stat.mtimeMs);
}

const builtAt = existsSync(builtIndex) ? statSync(builtIndex).mtimeMs : 0;
const sourcesAt = Math.max(...inputs.map(newestMtime));
if (builtAt < sourcesAt) {
  console.log(builtAt ? 'Client build is stale; rebuilding…' : 'Building the client…');
  execFileSync('npx', ['vite', 'build'], { cwd: root, stdio: 'inherit' });
}

const server = spawn(process.execPath, ['--import', 'tsx', join(root, 'src/server/main.ts')], {
  cwd: root,
  stdio: 'inherit',
  env: { NODE_ENV: 'production', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
