import type { Logger } from 'pino';
import type { AppConfig } from '../config';
import type { MarketService } from '../market/service';
import { createAnalystEngine } from './analyst/engine';
import { marketUniverse } from './universe';
import type { AgentEngine } from './engine';
import { createOpenAiEngine } from './openai/engine';
import { MARKET_TOOLS } from './tools';
import { TurnTools } from './turnTools';

export { runAgentTurn, type AgentAnswer, type AgentDeps, type AgentEvent, type AgentTurnInput } from './agent';
export type { AgentEngine, EngineHealth } from './engine';
export { defineTool, type AgentTool, type AnyAgentTool, type ToolContext, type ToolResult } from './tools';

/**
 * The engine the configuration names: an OpenAI-compatible server when OPENAI_BASE_URL is set, the built-in
 * analyst otherwise (offline, no account anywhere).
 */
export function createAgentEngine(
  config: AppConfig,
  base: { log: Logger; now: () => number; market: MarketService; fetch?: typeof fetch },
): AgentEngine {
  if (config.OPENAI_BASE_URL) {
    return createOpenAiEngine({
      baseURL: config.OPENAI_BASE_URL,
      apiKey: config.OPENAI_API_KEY,
      model: config.OPENAI_MODEL,
      timeoutMs: config.OPENAI_TIMEOUT_MS,
      log: base.log,
      fetch: base.fetch,
    });
  }
  const engine = createAnalystEngine({
    universe: marketUniverse,
    // The status probe: the analyst answers a tiny question with the real tools and market data.
    probe: async (signal) => {
      const symbol = base.market.info().simulated ? 'SPY' : 'AAPL';
      const tools = new TurnTools({
        tools: MARKET_TOOLS,
        context: { deps: { market: base.market, now: base.now }, userId: 'status-probe' },
        charge: () => Promise.reject(new Error('the status probe never takes usage')),
      });
      const answer = await engine.answer(
        {
          system: '',
          history: [],
          message: `What is ${symbol} trading at?`,
          question: `What is ${symbol} trading at?`,
          viewingSymbol: null,
          tools: tools.specs(),
          now: base.now(),
        },
        {
          callTool: (name, args) => tools.call(name, args),
          onToken: () => undefined,
          onReset: () => undefined,
          signal: signal ?? new AbortController().signal,
        },
      );
      return tools.evidence.length > 0 && answer.content.includes(symbol);
    },
  });
  return engine;
}
