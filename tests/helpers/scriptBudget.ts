import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { ChunkGraph } from '../../scripts/vite/chunkGraph';

/**
 * The JavaScript budget of docs/decisions/017-javascript-budget.md, and how it is counted: gzip at level 9 per file
 * (the build's own .gz copies), in KB of 1,024 bytes, from the build's script graph (what imports what). The e2e
 * test tests/e2e/script-budget.spec.ts fails past it; `npm run bench -- pages` reports the same figures.
 */
export const KB = 1024;
/** What index.html loads before any page can paint: React, the router, Mantine's core, the data layer, the root. */
export const SHARED_FIRST_PAINT_BUDGET_KB = 145;
/** Every script the trading page loads on a first visit, the chart's engine and the live prices' socket included. */
export const TRADING_ALL_SCRIPTS_BUDGET_KB = 210;

export interface FirstPaintPage {
  path: string;
  /** The route file whose split component renders the page (routes/*.tsx). */
  route: string;
  /** What the page needs before its first screen renders: index.html's scripts and the route's own. */
  budgetKb: number;
}

/** The pages the budget names: the landing page and the trading page, as a signed-out first visit sees them. */
export const FIRST_PAINT_PAGES: readonly FirstPaintPage[] = [
  { path: '/', route: 'src/client/routes/index.tsx', budgetKb: 164 },
  { path: '/trading', route: 'src/client/routes/trading.tsx', budgetKb: 179 },
];

const repoRoot = join(import.meta.dirname, '../..');
export const clientDist = join(repoRoot, 'dist/client');

/** The build's script graph (scripts/vite/chunkGraph.ts writes it next to dist/client). */
export function readChunkGraph(): ChunkGraph {
  return JSON.parse(readFileSync(join(repoRoot, 'dist/client-chunks.json'), 'utf8')) as ChunkGraph;
}

/** `files` and everything they import statically, transitively: what must load before any of them runs. */
export function staticClosure(graph: ChunkGraph, files: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    const chunk = graph.chunks[file];
    if (!chunk) throw new Error(`${file} is not a script of this build`);
    seen.add(file);
    chunk.imports.forEach(visit);
  };
  files.forEach(visit);
  return seen;
}

/** The script holding the route's component (TanStack Router splits it off as `<route>?tsr-split=component`). */
export function routeComponentChunk(graph: ChunkGraph, route: string): string {
  const id = `${route}?tsr-split=component`;
  const found = Object.entries(graph.chunks).find(([, chunk]) => chunk.modules.includes(id));
  if (!found) throw new Error(`No script of this build holds ${id}`);
  return found[0];
}

/**
 * What every page runs before its first paint: index.html's theme script, and its module scripts with all they import
 * statically.
 */
export function sharedFirstPaintScripts(graph: ChunkGraph): Set<string> {
  return new Set([...graph.bootScripts, ...staticClosure(graph, graph.entries)]);
}

/**
 * The scripts a page cannot render its first screen without: index.html's own and the route's component, each with
 * all it imports statically. What they load on demand (import()) comes after the first paint, by construction; the
 * e2e test checks that the first screen does render with these scripts alone.
 */
export function firstPaintScripts(graph: ChunkGraph, page: FirstPaintPage): Set<string> {
  return new Set([
    ...graph.bootScripts,
    ...staticClosure(graph, [...graph.entries, routeComponentChunk(graph, page.route)]),
  ]);
}

/** A built file's gzip size (its .gz copy, level 9; compressed here when the build kept none because it was tiny). */
export function gzipBytes(file: string): number {
  const path = join(clientDist, file);
  if (existsSync(`${path}.gz`)) return readFileSync(`${path}.gz`).length;
  return gzipSync(readFileSync(path), { level: 9 }).length;
}

export function totalGzipKb(files: Iterable<string>): number {
  let bytes = 0;
  for (const file of files) bytes += gzipBytes(file);
  return Math.round((bytes / KB) * 10) / 10;
}
