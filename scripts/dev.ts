/** `npm run dev`: the API server (restarts on change) and Vite with hot reload, side by side. */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const vitePort = process.env.VITE_PORT ?? '5173';
const env = {
  ...process.env,
  NODE_ENV: 'development',
  // Writes from the Vite page carry its own origin.
  ALLOWED_ORIGINS: [process.env.ALLOWED_ORIGINS, `http://localhost:${vitePort}`].filter(Boolean).join(','),
};
const children = [
  spawn(process.execPath, ['--import', 'tsx', '--watch', 'src/server/main.ts'], { cwd: root, stdio: 'inherit', env }),
  spawn('npx', ['vite', '--port', vitePort], { cwd: root, stdio: 'inherit', env }),
];
console.log(`Tickwise dev: open http://localhost:${vitePort}`);
const stop = () => children.forEach((c) => c.kill('SIGTERM'));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
for (const child of children)
  child.on('exit', () => {
    stop();
    process.exit(0);
  });
