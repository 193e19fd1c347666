// `npm start` and `npm run user`: run the compiled program named by the first argument (dist/server/NAME.js).
// An operator's command never rebuilds what exists: only a missing build (a fresh clone) is built, once, with
// `npm run build`; a build older than its sources is used as it is, with a warning to rebuild.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

const root = join(import.meta.dirname, '..');
const name = process.argv[2];
const program = join(root, 'dist/server', `${name}.js`);
const outputs = [program, join(root, 'dist/client/index.html')];

function newestMtime(path) {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return readdirSync(path).reduce((max, entry) => Math.max(max, newestMtime(join(path, entry))), stat.mtimeMs);
}

if (!outputs.every((file) => existsSync(file))) {
  console.log('No build yet: running `npm run build` once (later starts use it as it is).');
  execFileSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit' });
} else if (newestMtime(join(root, 'src')) > Math.min(...outputs.map((file) => statSync(file).mtimeMs))) {
  console.warn('The build is older than the sources; run `npm run build` to include the latest changes.');
}

// The program reads its own arguments from process.argv.slice(2), as if it had been started directly.
process.argv.splice(2, 1);
await import(pathToFileURL(program).href);
