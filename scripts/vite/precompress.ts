import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, resolve } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

/** Text files worth compressing; images and fonts are compressed already. */
const COMPRESSIBLE = new Set(['.js', '.css', '.html', '.svg', '.json', '.txt', '.webmanifest']);

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? filesUnder(path) : [path];
  });
}

/**
 * Writes a brotli (`.br`, best quality) and a gzip (`.gz`) copy next to every text file of the build, so the server
 * sends them by Accept-Encoding without compressing anything per request (@fastify/static `preCompressed`). A copy
 * that would not be smaller is not written: the server then sends the file itself.
 */
export function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'tickwise:precompress',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: 'post',
      handler() {
        for (const file of filesUnder(outDir)) {
          if (!COMPRESSIBLE.has(extname(file))) continue;
          const original = readFileSync(file);
          const br = brotliCompressSync(original, {
            params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: original.length },
          });
          const gz = gzipSync(original, { level: 9 });
          if (br.length < original.length) writeFileSync(`${file}.br`, br);
          if (gz.length < original.length) writeFileSync(`${file}.gz`, gz);
        }
      },
    },
  };
}
