import { parseViewingPrefix } from '../../shared/chat/schemas';
import { sourcesFooter } from '../../shared/chat/sources';
import type { AnswerMeta, ToolActivity } from '../../shared/chat/types';
import type { Logger } from 'pino';
import type { Db } from '../db/client';
import type { MarketService } from '../market/service';
import { appError } from '../errors/appError';
import { EngineError, type AgentEngine, type ConversationTurn, type CutOff } from './engine';
import { groundAnswer } from './grounding';
import { trimHistory } from './history';
import { buildSystemPrompt } from './systemPrompt';
import { MARKET_TOOLS } from './tools';
import type { AnyAgentTool } from './tools/types';
import { TurnTools } from './turnTools';
import type { ChargedUnit, UsageMeter } from './usageCharge';

/**
 * One answer of the Financial Agent, whoever asks: the chat (streamed or not), the social hub's shared insight,
 * the portfolio review. Builds the system prompt and the turn's tools, lets the configured engine answer, checks
 * every figure against the tool results, and returns the text with its annotated figures, sources and charts.
 * Usage is the caller's business, except for units a tool takes itself (a forecast graph), which are given back
 * here when the answer fails.
 */

/** The server's collaborators an answer uses; AppDeps has them all, under these names. */
export interface AgentDeps {
  ai: AgentEngine;
  market: MarketService;
  now: () => number;
  db: Db;
  log: Logger;
  /** The daily limits, for units tools take (a forecast graph); see usageCharge.ts. */
  usage: UsageMeter;
}

export type AgentEvent = { type: 'tool'; activity: ToolActivity } | { type: 'token'; text: string } | { type: 'reset' };

export interface AgentTurnInput {
  userId: string;
  /** The user's message; a leading '[Currently viewing {symbol} chart]' sets the symbol 'this stock' means. */
  message: string;
  /** The conversation before this message, oldest first (trimmed to the budget here). */
  history?: readonly ConversationTurn[];
  /** The symbol in view, when the caller knows it some other way than the prefix. */
  viewingSymbol?: string | null;
  /** Tools of the calling feature, added to the market tools for this answer (e.g. get_portfolio). */
  extraTools?: readonly AnyAgentTool[];
  /** Instructions of the calling feature, appended to the system prompt. */
  extraContext?: string;
  onEvent?: (event: AgentEvent) => void;
  signal?: AbortSignal;
}

export interface AgentAnswer extends AnswerMeta {
  content: string;
  /** The content with a plain-text sources footer: what REST answers carry as `response`. */
  contentWithFooter: string;
  /** False when the engine could not tell what was asked and only asked back: the turn is not charged. */
  understood: boolean;
  /** Units tools took (forecast graphs). Refund them if the caller fails after the answer. */
  charges: ChargedUnit[];
}

const NEVER = new AbortController().signal;

/** Closes an answer that was stopped early, so that every reader (chat, history, insight, review) sees it. */
export const CUT_OFF_NOTES: Record<CutOff, string> = {
  timeout: '\n\n*(Answer cut off: the AI model took too long. This message was not counted against your daily limit.)*',
  size: '\n\n*(Answer cut off: it reached the maximum length.)*',
};

export async function runAgentTurn(deps: AgentDeps, input: AgentTurnInput): Promise<AgentAnswer> {
  const prefix = parseViewingPrefix(input.message);
  const viewingSymbol = input.viewingSymbol ?? prefix.viewingSymbol;
  const emit = input.onEvent ?? (() => undefined);
  const charges: ChargedUnit[] = [];
  const tools = new TurnTools({
    tools: [...MARKET_TOOLS, ...(input.extraTools ?? [])],
    context: { deps, userId: input.userId },
    charge: async (feature) => {
      const reservation = await deps.usage.reserve(input.userId, feature);
      charges.push(reservation);
      return reservation;
    },
    onActivity: (activity) => emit({ type: 'tool', activity }),
    log: deps.log,
  });
  const now = deps.now();
  try {
    const {
      content: text,
      cutOff,
      understood = true,
    } = await deps.ai.answer(
      {
        system: buildSystemPrompt({ now, market: deps.market.info(), viewingSymbol, extraContext: input.extraContext }),
        history: trimHistory(input.history ?? []),
        message: input.message,
        question: prefix.text.trim(),
        viewingSymbol,
        tools: tools.specs(),
        now,
      },
      {
        callTool: (name, args) => tools.call(name, args),
        onToken: (text) => emit({ type: 'token', text }),
        onReset: () => emit({ type: 'reset' }),
        signal: input.signal ?? NEVER,
      },
    );
    // The note goes after the text, so the figures' offsets into it still hold.
    const { figures, verification } = groundAnswer(text, tools.evidence, now);
    const content = cutOff ? text + CUT_OFF_NOTES[cutOff] : text;
    if (cutOff) emit({ type: 'token', text: CUT_OFF_NOTES[cutOff] });
    const sources = tools.sources();
    return {
      engine: deps.ai.kind,
      content,
      understood,
      contentWithFooter: content + sourcesFooter(sources, verification),
      figures,
      sources,
      artifacts: tools.artifacts,
      tools: tools.activities,
      verification,
      ...(tools.limitHit ? { limitHit: tools.limitHit } : {}),
      ...(cutOff ? { cutOff } : {}),
      charges,
    };
  } catch (error) {
    for (const charge of charges) await charge.refund();
    throw toAgentError(error);
  }
}

/** Engine failures with the status that says whose fault it is: 503 unreachable, 504 too slow, 502 bad answer. */
function toAgentError(error: unknown): unknown {
  if (!(error instanceof EngineError)) return error;
  const code =
    error.kind === 'unreachable' ? 'SERVICE_UNAVAILABLE' : error.kind === 'timeout' ? 'GATEWAY_TIMEOUT' : 'BAD_GATEWAY';
  return appError(code, error.message);
}
