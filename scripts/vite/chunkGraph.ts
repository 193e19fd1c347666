import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, relative } from 'node:path';
import type { Plugin } from 'vite';

/** One script of the build: what it statically imports, what it loads on demand, and which sources it holds. */
export interface BuiltChunk {
  imports: string[];
  dynamicImports: string[];
  /** Source files (relative to `root`, the repository, query strings kept: `routes/trading.tsx?tsr-split=component`). */
  modules: string[];
}

export interface ChunkGraph {
  /** The classic scripts index.html runs before the page is parsed any further (the theme script). */
  bootScripts: string[];
  /** The module scripts index.html loads (the rest load through their imports). */
  entries: string[];
  /** By file name under the client's outDir (`assets/framework-abc123.js`). */
  chunks: Record<string, BuiltChunk>;
}

/**
 * Writes the build's script graph to `file` (outside the served folder, so no visitor downloads it): which file
 * imports which, statically or on demand, and which sources each holds. The JavaScript budget test and the pages
 * bench read it to add up what a page needs before its first paint (tests/helpers/scriptBudget.ts).
 */
export function chunkGraph(file: string, root: string): Plugin {
  return {
    name: 'tickwise:chunk-graph',
    apply: 'build',
    // After Vite has written index.html (and dropped the empty chunk standing for it).
    writeBundle(_options, bundle) {
      const html = bundle['index.html'];
      const page = html?.type === 'asset' ? String(html.source) : '';
      const scripts = [...page.matchAll(/<script([^>]*)\ssrc="\/([^"]+)"/g)];
      const graph: ChunkGraph = {
        bootScripts: scripts.filter((m) => !m[1].includes('type="module"')).map((m) => m[2]),
        entries: scripts.filter((m) => m[1].includes('type="module"')).map((m) => m[2]),
        chunks: {},
      };
      for (const output of Object.values(bundle)) {
        if (output.type !== 'chunk') continue;
        graph.chunks[output.fileName] = {
          imports: output.imports,
          dynamicImports: output.dynamicImports,
          modules: output.moduleIds.map((id) => relative(root, id).split('\\').join('/')),
        };
      }
      mkdirSync(dirname(file), { recursive: true });
      writeFileSync(file, `${JSON.stringify(graph, null, 1)}\n`);
    },
  };
}
