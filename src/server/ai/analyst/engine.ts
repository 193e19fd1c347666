import type { AgentEngine, EngineIO, EngineRequest } from '../engine';
import { compose } from './compose';
import { emptyFindings, record, type Findings } from './findings';
import { understand, type Plan } from './understand';

/** At most this many symbols get their own per-symbol reading in one answer. */
const MAX_SYMBOLS = 3;

/**
 * The built-in analyst engine (the default when OPENAI_BASE_URL is empty): reads the question with patterns, calls
 * the same tools a model would, and writes the answer from their results. Works offline; every figure it writes is
 * a tool value, so its answers are fully verified by the grounding check.
 */
export function createAnalystEngine(options: { probe: (signal?: AbortSignal) => Promise<boolean> }): AgentEngine {
  return {
    kind: 'builtin',
    label: 'Built-in analyst',

    async answer(request: EngineRequest, io: EngineIO) {
      const plan = understand(request.question, { viewingSymbol: request.viewingSymbol, history: request.history });
      const available = new Set(request.tools.map((t) => t.name));
      const findings = await gather(plan, io, available);
      const { content, understood } = compose(plan, findings, { hasPortfolioTool: available.has('get_portfolio') });
      streamOut(content, io);
      return { content, understood };
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

async function gather(plan: Plan, io: EngineIO, available: Set<string>): Promise<Findings> {
  const findings = emptyFindings();
  const made = new Set<string>();
  const call = async (tool: string, args: Record<string, unknown>) => {
    // One answer never asks the same thing twice ('How is it doing this year?' needs the year once).
    const key = `${tool} ${JSON.stringify(args)}`;
    if (io.signal.aborted || !available.has(tool) || made.has(key)) return;
    made.add(key);
    record(findings, await io.callTool(tool, args));
  };
  const symbols = plan.symbols.slice(0, MAX_SYMBOLS);
  const has = (...intents: Plan['intents']) => intents.some((i) => plan.intents.includes(i));

  if (has('movers')) await call('market_movers', { direction: plan.moversDirection });
  if (has('search') && plan.searchQuery) await call('search_symbols', { query: plan.searchQuery });
  if (has('term') && plan.term) await call('explain_term', { term: plan.term });
  if (symbols.length === 0) {
    if (has('portfolio')) await call('get_portfolio', {});
    return findings;
  }
  if (has('price')) await call('get_quote', { symbols: plan.symbols.slice(0, 10) });
  if (has('compare')) await call('compare', { symbols: plan.symbols.slice(0, 5), range: plan.range ?? '1Y' });
  if (has('profile', 'about')) for (const symbol of symbols) await call('get_company_profile', { symbol });
  if (has('overview', 'about', 'why', 'fundamentals', 'trend', 'signals') || (has('outlook') && !has('compare'))) {
    for (const symbol of symbols) await call('get_analysis', { symbol });
  }
  if (has('overview', 'performance'))
    for (const symbol of symbols) await call('get_history_summary', { symbol, range: plan.range ?? '1Y' });
  if (has('why'))
    for (const symbol of symbols) await call('get_history_summary', { symbol, range: plan.range ?? '5D' });
  if (has('risk') && !has('compare'))
    for (const symbol of symbols) await call('get_history_summary', { symbol, range: '1Y' });
  if (has('forecast')) await call('forecast', { symbol: symbols[0], horizon: plan.horizon });
  if (has('portfolio')) await call('get_portfolio', {});
  return findings;
}

/** Hands the answer out a few words at a time, as a model would stream it. */
function streamOut(content: string, io: EngineIO): void {
  const pieces = content.split(/(?<=\s)/);
  for (let i = 0; i < pieces.length; i += 6) io.onToken(pieces.slice(i, i + 6).join(''));
}
