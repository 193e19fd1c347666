import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Plugin } from 'vite';

/**
 * Adds the colour-scheme script to index.html. It must run before the bundle (no flash of the wrong theme) and cannot
 * be inline (the CSP forbids inline scripts), so it is a classic script, which Vite does not bundle. In a build it is
 * emitted with a content hash like every other asset, so browsers keep it for good and a repeat visit downloads
 * nothing but index.html; in dev it is served from its place in the source tree.
 */
export function hashedBootScript(root: string, sourcePath = '/boot/color-scheme.js'): Plugin {
  let isBuild = false;
  let fileName = '';
  let source = '';
  return {
    name: 'tickwise:hashed-boot-script',
    configResolved(config) {
      isBuild = config.command === 'build';
    },
    buildStart() {
      if (!isBuild) return;
      // Comments stripped: every page downloads it before anything else.
      source = readFileSync(join(root, sourcePath), 'utf8')
        .replace(/^\s*\/\/.*$/gm, '')
        .replace(/\n\s*\n/g, '\n')
        .trim();
      const hash = createHash('sha256').update(source).digest('base64url').slice(0, 8);
      fileName = `assets/color-scheme-${hash}.js`;
    },
    transformIndexHtml: {
      order: 'post',
      handler: () => [{ tag: 'script', attrs: { src: isBuild ? `/${fileName}` : sourcePath }, injectTo: 'head' }],
    },
    generateBundle() {
      if (isBuild) this.emitFile({ type: 'asset', fileName, source });
    },
  };
}
