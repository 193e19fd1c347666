import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { runAgentTurn } from '../src/server/ai';
import { groundAnswer, type Evidence } from '../src/server/ai/grounding';
import { MARKET_TOOLS } from '../src/server/ai/tools';
import { TurnTools } from '../src/server/ai/turnTools';
import { loadConfig } from '../src/server/config';
import { closeDeps, createDeps } from '../src/server/deps';
import { insertUser } from '../src/server/modules/auth/users';
import type { Bench, BenchFigure } from './types';

/**
 * The Financial Agent's own costs, without the network:
 * - built-in analyst answer time over varied questions with warm market data (target p95 < 300 ms), tool calls and
 *   grounding included, on the real service stack (simulated market, SQLite);
 * - the grounding check on a 2,000-word answer full of figures, evidence index included (target < 5 ms).
 */

const QUESTIONS = [
  'What is AAPL trading at?',
  "What's the outlook for META?",
  'Compare AAPL, MSFT and GOOGL',
  'Is NVDA in an uptrend?',
  'Any buy or sell signals on TSLA?',
  'How risky is AMZN?',
  'How did SPY do year to date?',
  'Forecast QQQ for the next 3 months',
  'What does P/E mean?',
  "What's the ticker for Palantir?",
  'What is the market cap of MSFT?',
  'How has the S&P 500 performed over the last 6 months?',
];
const RUNS_PER_QUESTION = 25;

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

const bench: Bench = {
  name: 'agent',
  async run(): Promise<BenchFigure[]> {
    const dir = mkdtempSync(join(tmpdir(), 'tickwise-bench-agent-'));
    // A fixed clock: the simulated market's data stays warm in the cache, as it does between minutes.
    const now = Date.UTC(2025, 0, 15, 14, 5, 30);
    const deps = await createDeps(
      loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_PATH: join(dir, 'bench.db') }),
      {
        log: pino({ level: 'silent' }),
        now: () => now,
      },
    );
    try {
      let users = 0;
      const newUser = async () =>
        (
          await insertUser(deps.db, {
            email: `bench-${++users}@example.com`,
            firstName: 'B',
            lastName: 'B',
            passwordHash: 'x',
            createdAt: now,
          })
        ).id;
      // Warm-up: every question once (fills the market cache and the simulated price paths), then the JIT.
      for (let round = 0; round < 3; round++)
        for (const q of QUESTIONS) await runAgentTurn(deps, { userId: await newUser(), message: q });

      const times: number[] = [];
      let figures = 0;
      for (let run = 0; run < RUNS_PER_QUESTION; run++) {
        // A fresh user per round keeps the forecast question under the graph limit.
        const userId = await newUser();
        for (const q of QUESTIONS) {
          const started = performance.now();
          const answer = await runAgentTurn(deps, { userId, message: q });
          times.push(performance.now() - started);
          figures += answer.verification.total;
        }
      }
      times.sort((a, b) => a - b);
      console.log(`  analyst: ${times.length} answers over ${QUESTIONS.length} questions, ${figures} figures checked`);

      // A 2,000-word answer: evidence from six real tool calls, text built from their figures plus invented ones.
      const tools = new TurnTools({
        tools: MARKET_TOOLS,
        context: { deps, userId: await newUser() },
        charge: () => Promise.resolve({ refund: () => Promise.resolve() }),
      });
      await tools.call('get_quote', { symbols: ['AAPL', 'MSFT', 'NVDA'] });
      await tools.call('get_analysis', { symbol: 'AAPL' });
      await tools.call('get_history_summary', { symbol: 'AAPL', range: '1Y' });
      await tools.call('compare', { symbols: ['AAPL', 'MSFT', 'GOOGL', 'AMZN'] });
      await tools.call('forecast', { symbol: 'AAPL', horizon: '3M' });
      await tools.call('explain_term', { term: 'RSI' });
      const evidence: Evidence[] = tools.evidence;
      const base = (await runAgentTurn(deps, { userId: await newUser(), message: "What's the outlook for AAPL?" }))
        .content;
      const invented = 'Analysts (not our tools) also said AAPL could reach $312.45, up 18.7% by March 3, 2026. ';
      let text = '';
      while (text.split(/\s+/).length < 2000) text += `${base}\n\n${invented}`;
      text = text.split(/(\s+)/).slice(0, 3999).join('');
      const words = text.split(/\s+/).length;
      for (let i = 0; i < 20; i++) groundAnswer(text, evidence, now);
      const groundingTimes: number[] = [];
      let result = groundAnswer(text, evidence, now);
      for (let i = 0; i < 200; i++) {
        const started = performance.now();
        result = groundAnswer(text, evidence, now);
        groundingTimes.push(performance.now() - started);
      }
      groundingTimes.sort((a, b) => a - b);
      console.log(
        `  grounding: ${words} words, ${result.verification.total} figures (${result.verification.total - result.verification.verified} unverified), ${evidence.length} tool results`,
      );

      return [
        { label: 'built-in analyst answer, warm data (p50)', value: percentile(times, 50), unit: 'ms' },
        {
          label: 'built-in analyst answer, warm data (p95)',
          value: percentile(times, 95),
          unit: 'ms',
          target: { max: 300 },
        },
        {
          label: 'grounding check, 2,000-word answer (median)',
          value: percentile(groundingTimes, 50),
          unit: 'ms',
          target: { max: 5 },
        },
        { label: 'grounding check, 2,000-word answer (p95)', value: percentile(groundingTimes, 95), unit: 'ms' },
      ];
    } finally {
      await closeDeps(deps);
      rmSync(dir, { recursive: true, force: true });
    }
  },
};

export default bench;
