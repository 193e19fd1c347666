import type { AgentEngine, EngineIO, EngineRequest } from '../engine';
import { toolCalls, type ToolCall } from './calls';
import { compose } from './compose';
import { dayOf } from './entities/days';
import type { Instrument } from './entities/symbolIndex';
import { emptyFindings, record, type Findings } from './findings';
import { readersFor } from './readers';
import { understand } from './understand';

export interface AnalystOptions {
  probe: (signal?: AbortSignal) => Promise<boolean>;
  /** The instruments of the market's universe, with their names: what names and typos resolve to. */
  universe: () => readonly Instrument[];
}

/**
 * The built-in analyst engine (the default when OPENAI_BASE_URL is empty): reads the question (entities by
 * chrono-node, the symbol index and the glossary; the intent by a classifier trained on the paraphrases in
 * intents/), calls the same tools a model would, and writes the answer from their results. Works offline; every
 * figure it writes is a tool value, so its answers are fully verified by the grounding check.
 */
export function createAnalystEngine(options: AnalystOptions): AgentEngine {
  return {
    kind: 'builtin',
    label: 'Built-in analyst',

    async answer(request: EngineRequest, io: EngineIO) {
      const readers = readersFor(options.universe());
      const plan = await understand(
        {
          question: request.question,
          viewingSymbol: request.viewingSymbol,
          history: request.history,
          now: request.now,
        },
        readers,
      );
      const available = new Set(request.tools.map((t) => t.name));
      const today = dayOf(request.now);
      const findings = await gather(toolCalls(plan, today), io, available);
      const { content, understood } = compose(plan, findings, {
        hasPortfolioTool: available.has('get_portfolio'),
        today,
        nameOf: (symbol) => readers.index.nameOf(symbol),
      });
      streamOut(content, io);
      return { content, understood };
    },

    prepare() {
      readersFor(options.universe());
    },

    async health(signal) {
      const started = performance.now();
      const ok = await options.probe(signal).catch(() => false);
      return {
        ok,
        latencyMs: Math.round(performance.now() - started),
        ...(ok ? {} : { detail: 'The built-in analyst could not answer its test question.' }),
      };
    },
  };
}

async function gather(calls: ToolCall[], io: EngineIO, available: Set<string>): Promise<Findings> {
  const findings = emptyFindings();
  const made = new Set<string>();
  for (const { name, args } of calls) {
    // One answer never asks the same thing twice.
    const key = `${name} ${JSON.stringify(args)}`;
    if (io.signal.aborted || !available.has(name) || made.has(key)) continue;
    made.add(key);
    record(findings, await io.callTool(name, args));
  }
  return findings;
}

/** Hands the answer out a few words at a time, as a model would stream it. */
function streamOut(content: string, io: EngineIO): void {
  const pieces = content.split(/(?<=\s)/);
  for (let i = 0; i < pieces.length; i += 6) io.onToken(pieces.slice(i, i + 6).join(''));
}
