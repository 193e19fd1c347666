import { readFileSync } from 'node:fs';
import type { LoopBlock } from './loopBlocks';

/**
 * What held the event loop: `npx tsx bench/lib/cpuProfileBlocks.ts <main thread .cpuprofile> <loop-blocks .jsonl>
 * [min ms]` prints, for each block of the loop of at least `min` ms (default 15) that the profile covers, the
 * functions that ran in it by self time and the project's own frames under them; then self time per function over
 * the whole profile. Both files come from `BENCH_CPU_PROF=<folder> npm run bench -- ledger-load` (the main thread's
 * profile is the first one a server writes: its file name ends in .001.cpuprofile). A profile and the blocks share
 * the monotonic clock (bench/lib/loopBlocks.ts).
 */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
  children?: number[];
}
interface Profile {
  nodes: ProfileNode[];
  startTime: number;
  endTime: number;
  samples: number[];
  timeDeltas: number[];
}

const [profileFile, blocksFile, minArg] = process.argv.slice(2);
if (!profileFile || !blocksFile) {
  console.error('usage: tsx bench/lib/cpuProfileBlocks.ts <profile.cpuprofile> <loop-blocks.jsonl> [min ms]');
  process.exit(2);
}
const profile = JSON.parse(readFileSync(profileFile, 'utf8')) as Profile;
const minMs = Number(minArg ?? 15);
const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
const parents = new Map<number, number>();
for (const n of profile.nodes) for (const child of n.children ?? []) parents.set(child, n.id);

const where = (n: ProfileNode) => {
  const { functionName, url, lineNumber, columnNumber } = n.callFrame;
  const file = url.split('/').slice(-2).join('/');
  return `${functionName || '(anonymous)'} ${file}${url ? `:${lineNumber + 1}:${columnNumber + 1}` : ''}`;
};
/** The project's own frames of a sample, innermost first (src/ and bench/, not node_modules). */
const ownFrames = (n: ProfileNode | undefined) => {
  const frames: string[] = [];
  for (; n && frames.length < 4; n = nodes.get(parents.get(n.id) ?? -1))
    if (/\/(src|bench)\//.test(n.callFrame.url) && !n.callFrame.url.includes('node_modules')) frames.push(where(n));
  return frames.join(' < ') || '(no frame of ours)';
};

/** Each sample with its time (µs, monotonic) and how long it stood for. */
const samples: Array<{ node: ProfileNode; atUs: number; ms: number }> = [];
let at = profile.startTime;
for (let i = 0; i < profile.samples.length; i++) {
  at += profile.timeDeltas[i];
  samples.push({ node: nodes.get(profile.samples[i])!, atUs: at, ms: (profile.timeDeltas[i + 1] ?? 0) / 1000 });
}

function printTop(title: string, totals: Map<string, number>, count: number): void {
  console.log(title);
  for (const [name, ms] of [...totals].sort((a, b) => b[1] - a[1]).slice(0, count))
    console.log(`    ${ms.toFixed(1).padStart(7)} ms  ${name}`);
}
const add = (totals: Map<string, number>, key: string, ms: number) => totals.set(key, (totals.get(key) ?? 0) + ms);

const blocks = readFileSync(blocksFile, 'utf8')
  .split('\n')
  .filter(Boolean)
  .map((line) => JSON.parse(line) as LoopBlock)
  .filter((b) => b.ms >= minMs && b.atUs >= profile.startTime && b.atUs <= profile.endTime);
for (const block of blocks) {
  const endUs = block.atUs + block.ms * 1000;
  const inside = samples.filter((s) => s.atUs >= block.atUs && s.atUs < endUs);
  const self = new Map<string, number>();
  const own = new Map<string, number>();
  for (const s of inside) {
    add(self, where(s.node), s.ms);
    add(own, ownFrames(s.node), s.ms);
  }
  const offset = ((block.atUs - profile.startTime) / 1e6).toFixed(2);
  printTop(`\nblock of ${block.ms} ms at ${offset} s — self time:`, self, 8);
  printTop('  our frames (innermost first):', own, 6);
}

const whole = new Map<string, number>();
for (const s of samples) if (s.node.callFrame.functionName !== '(idle)') add(whole, where(s.node), s.ms);
printTop(`\nwhole profile (${((profile.endTime - profile.startTime) / 1e6).toFixed(1)} s), self time:`, whole, 25);
