import { buildSymbolIndex } from '../src/server/ai/analyst/entities/symbolIndex';
import { intentModel } from '../src/server/ai/analyst/intents/classifier';
import { trainIntentClassifier } from '../src/server/ai/analyst/intents/train';
import { readersFor } from '../src/server/ai/analyst/readers';
import { understand } from '../src/server/ai/analyst/understand';
import { marketUniverse } from '../src/server/ai/universe';
import type { Bench, BenchFigure } from './types';

/**
 * The built-in analyst's reading of a question (issue 28), apart from its tools: loading the generated intent model,
 * building the symbol index over the market's universe (once per universe), reading a question in its conversation
 * (entities, intent, follow-ups; target p95 < 10 ms), and, for scale, what training the model costs (the generator
 * script's work, never the server's).
 */

const QUESTIONS = [
  'how is nvidai doing',
  'compare jhonson and jhonson with pfizer since march 2024',
  'What would $10,000 in AAPL five years ago be worth now?',
  'is the market open on July 4?',
  'did i beat the s&p this year',
  'which of the two is cheaper on p/e?',
  'Wie hat sich Apple seit Januar entwickelt?',
  'what is the difference between twr and mwr',
  'how did intel do between jan and june 2024',
  'when is the next JNJ dividend',
];
const HISTORY = [{ role: 'user' as const, content: 'compare nvda and amd over the last quarter' }];
const RUNS = 30;

const time = (work: () => void) => {
  const started = performance.now();
  work();
  return performance.now() - started;
};

const bench: Bench = {
  name: 'analyst-reading',
  async run(): Promise<BenchFigure[]> {
    const load = time(() => intentModel());
    const universe = marketUniverse();
    const index = time(() => buildSymbolIndex(universe, intentModel().vocabulary));
    const readers = readersFor(universe);
    const now = Date.UTC(2025, 0, 15, 14, 5, 30);
    // The first amount question loads the number parser: outside the per-question figure.
    await understand({ question: QUESTIONS[2], viewingSymbol: null, history: [], now }, readers);
    const samples: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      for (const question of QUESTIONS) {
        const started = performance.now();
        await understand({ question, viewingSymbol: 'TSLA', history: HISTORY, now }, readers);
        samples.push(performance.now() - started);
      }
    }
    samples.sort((a, b) => a - b);
    const p95 = samples[Math.ceil(0.95 * samples.length) - 1];
    const train = time(() => trainIntentClassifier());
    return [
      { label: 'intent model load (generated file)', value: load, unit: 'ms', target: { max: 200 } },
      { label: `symbol index over ${universe.length} listings`, value: index, unit: 'ms', target: { max: 500 } },
      { label: 'question read in its conversation, p95', value: p95, unit: 'ms', target: { max: 10 } },
      { label: 'training the intent model (npm run intents:train)', value: train, unit: 'ms' },
    ];
  },
};

export default bench;
