import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { build } from 'vite';
import { solvePuzzle } from '../src/shared/captcha/proofOfWork';
import { CAPTCHA_WORK, createMathChallenge } from '../src/server/modules/auth/captcha';
import { CHROMIUM_ARGS, CHROMIUM_PATH } from '../tests/helpers/chromium';
import { startServerProcess } from './serverProcess';
import type { Bench, BenchFigure } from './types';

/**
 * What the captcha's proof of work costs a person: 20 standard challenges solved with the code the Web Worker runs
 * (shared/captcha/proofOfWork.ts), in Node on one core, then by the built worker itself in Chromium against the
 * real server. The secret number is uniform below the token's work size, so the median is about half the worst case.
 */
const repo = join(dirname(fileURLToPath(import.meta.url)), '..');
const CHALLENGES = 20;
const SECRET = 'bench-secret-bench-secret-bench-secret-0';

function summary(times: number[]) {
  const sorted = [...times].sort((a, b) => a - b);
  const at = (q: number) => Math.round(sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]);
  return { median: at(0.5), p90: at(0.9), max: Math.round(sorted[sorted.length - 1]) };
}

function inNode(): number[] {
  return Array.from({ length: CHALLENGES }, () => {
    const { work } = createMathChallenge(SECRET, Date.now());
    const started = performance.now();
    if (solvePuzzle(work) === null) throw new Error('puzzle without a solution');
    return performance.now() - started;
  });
}

/** The production build's worker, solving challenges from the real server, one at a time. */
async function inChromium(): Promise<number[]> {
  const work = mkdtempSync(join(tmpdir(), 'tickwise-captcha-bench-'));
  const clientDir = join(work, 'client');
  try {
    await build({
      configFile: join(repo, 'vite.config.ts'),
      root: join(repo, 'src/client'),
      logLevel: 'warn',
      build: { outDir: clientDir, emptyOutDir: true },
    });
    const workerFile = readdirSync(join(clientDir, 'assets')).find((f) => /^powWorker-.*\.js$/.test(f));
    if (!workerFile) throw new Error('the build has no powWorker asset');
    const server = await startServerProcess('tickwise.ts', ['--client', clientDir]);
    const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_ARGS });
    try {
      const page = await browser.newPage();
      await page.goto(`${server.url}/auth`);
      return await page.evaluate(
        async ({ workerUrl, count }) => {
          const times: number[] = [];
          for (let i = 0; i < count; i++) {
            const { mathChallenge } = await (await fetch('/api/security/captcha-challenge')).json();
            const worker = new Worker(workerUrl, { type: 'module' });
            const elapsed = await new Promise<number>((resolve, reject) => {
              worker.onmessage = (e) => {
                if (e.data.type === 'solved') resolve(e.data.elapsedMs);
                else if (e.data.type === 'failed') reject(new Error('no solution'));
              };
              worker.onerror = () => reject(new Error('worker failed'));
              worker.postMessage(mathChallenge.work);
            });
            worker.terminate();
            times.push(elapsed);
          }
          return times;
        },
        { workerUrl: `/assets/${workerFile}`, count: CHALLENGES },
      );
    } finally {
      await browser.close();
      await server.stop();
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

const bench: Bench = {
  name: 'captcha proof of work',
  async run(): Promise<BenchFigure[]> {
    const node = summary(inNode());
    const browser = summary(await inChromium());
    console.log(
      `  work size ${CAPTCHA_WORK.standard.toLocaleString('en')} SHA-256 candidates (an email under attack: ${CAPTCHA_WORK.strong.toLocaleString('en')})`,
    );
    console.log(`  Node, ${CHALLENGES} challenges (ms): median ${node.median}, p90 ${node.p90}, max ${node.max}`);
    console.log(
      `  Chromium worker, ${CHALLENGES} challenges (ms): median ${browser.median}, p90 ${browser.p90}, max ${browser.max}`,
    );
    return [
      {
        label: 'work size (the secret number lies below it)',
        value: CAPTCHA_WORK.standard,
        unit: 'SHA-256 candidates',
      },
      { label: 'solve time in Node, median', value: node.median, unit: 'ms' },
      { label: 'solve time in Node, p90', value: node.p90, unit: 'ms' },
      // The goal: about 0.3-1 s of one core in the browser.
      {
        label: 'solve time in the Chromium worker, median',
        value: browser.median,
        unit: 'ms',
        target: { min: 150, max: 1000 },
      },
      { label: 'solve time in the Chromium worker, p90', value: browser.p90, unit: 'ms', target: { max: 1500 } },
    ];
  },
};

export default bench;
