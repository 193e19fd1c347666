// `npm run build` (second half): compiles the server and the operator command to plain JavaScript in dist/server,
// so production runs node on compiled code, without a TypeScript loader. Packages stay external: node_modules
// is there at run time and native ones (better-sqlite3, argon2) cannot be bundled. The ledger engine's thread is a
// program of its own, beside main.js (src/server/modules/ledger/engine/pool.ts starts it from there).
import { build } from 'esbuild';

await build({
  entryPoints: {
    main: 'src/server/main.ts',
    user: 'scripts/user.ts',
    ledgerWorker: 'src/server/modules/ledger/engine/worker.ts',
  },
  outdir: 'dist/server',
  bundle: true,
  packages: 'external',
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  logLevel: 'warning',
});
console.log('Server compiled to dist/server');
