import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { build, minify, type Plugin } from 'vite';

/**
 * `npx tsx scripts/bundle-contents.ts [chunk pattern]`: what each client chunk is made of, in gzip bytes per package
 * (or per app file), so a budget decision starts from figures rather than guesses. `npm run bench -- pages` says
 * which chunks a page loads (BENCH_VERBOSE=1 lists them); this says what is inside them. Builds into a temporary
 * folder, so dist/ is left as it was.
 *
 * Each part is minified and compressed on its own, so the parts of a chunk add up to a little more than the chunk
 * (they lose the context they share): read them as relative weights.
 */

const pattern = new RegExp(process.argv[2] ?? 'framework|shell|data-client|PriceChart');
const TOP = 25;

/** `react-dom`, `@mantine/core/components/Button`, or the app file relative to src/client. */
function partOf(id: string): string {
  const inPackage = id.split('node_modules/').pop()!;
  if (inPackage === id) return id.replace(/.*src\/client\//, 'src/client/').replace(/.*src\/shared\//, 'src/shared/');
  const segments = inPackage.split('/');
  const name = segments[0].startsWith('@') ? segments.slice(0, 2).join('/') : segments[0];
  // Mantine's core is one package of many parts; say which.
  return name === '@mantine/core' ? `${name}/${segments.slice(3, 5).join('/')}` : name;
}

/** A part's code alone is not always a valid program (it may end mid-statement): then it is counted unminified. */
async function gzipOfMinified(code: string): Promise<number> {
  const { code: minified, errors } = await minify('part.js', code, { compress: true, mangle: true });
  return gzipSync(errors.length > 0 ? code : minified, { level: 9 }).length;
}

const report: Plugin = {
  name: 'bundle-contents',
  async generateBundle(_options, bundle) {
    for (const chunk of Object.values(bundle)) {
      if (chunk.type !== 'chunk' || !pattern.test(chunk.fileName)) continue;
      const parts = new Map<string, string>();
      for (const [id, module] of Object.entries(chunk.modules)) {
        parts.set(partOf(id), `${parts.get(partOf(id)) ?? ''}${module.code ?? ''}\n`);
      }
      const sizes = await Promise.all(
        [...parts].map(async ([part, code]) => [part, await gzipOfMinified(code)] as const),
      );
      const total = gzipSync(chunk.code, { level: 9 }).length;
      console.log(`\n${chunk.fileName}: ${(total / 1024).toFixed(1)} KB gzip`);
      for (const [part, bytes] of sizes.sort((a, b) => b[1] - a[1]).slice(0, TOP)) {
        console.log(`  ${(bytes / 1024).toFixed(1).padStart(6)} KB  ${part}`);
      }
    }
  },
};

const outDir = mkdtempSync(join(tmpdir(), 'tickwise-bundle-contents-'));
try {
  await build({
    configFile: 'vite.config.ts',
    logLevel: 'warn',
    plugins: [report],
    build: { outDir, emptyOutDir: true },
  });
} finally {
  rmSync(outDir, { recursive: true, force: true });
}
