import type { AnswerMeta } from '../../shared/chat/types';
import type { ToolOutcome, ToolSpec } from './turnTools';

/**
 * The one interface both engines implement: the OpenAI-compatible engine (openai/) and the built-in analyst
 * (analyst/). The agent (agent.ts) gives an engine the conversation and a way to call tools; the engine gives back
 * the answer's text, streaming it as it goes. Grounding, sources and usage are the agent's job, not the engine's.
 */

export interface ConversationTurn {
  role: 'user' | 'assistant';
  content: string;
}

export interface EngineRequest {
  /** The system prompt (date and time, live data source, rules). */
  system: string;
  /** Earlier turns of the conversation, oldest first, already trimmed to the budget. */
  history: ConversationTurn[];
  /** The user's message as they sent it (with the '[Currently viewing X chart]' prefix, when there was one). */
  message: string;
  /** The question without the prefix. */
  question: string;
  /** The symbol in view, which 'this stock' means. */
  viewingSymbol: string | null;
  tools: ToolSpec[];
  now: number;
}

export interface EngineIO {
  callTool(name: string, args: unknown): Promise<ToolOutcome>;
  /** A piece of the answer's text, as soon as it exists. */
  onToken(text: string): void;
  /** Text streamed so far was a preamble to tool calls; the answer starts again. */
  onReset(): void;
  signal: AbortSignal;
}

/** Why an answer stopped before the model finished it. */
export type CutOff = NonNullable<AnswerMeta['cutOff']>;

export interface EngineAnswer {
  content: string;
  /**
   * Set when the answer was stopped early and `content` is what had arrived: the model server ran out of time
   * (OPENAI_TIMEOUT_MS) after it had started writing, or the answer reached MAX_ANSWER_CHARS.
   */
  cutOff?: CutOff;
  /**
   * `false` when the answer only asks what was meant (nonsense, no or only unknown symbols): the turn is then not
   * charged. Engines that cannot tell leave it out.
   */
  understood?: boolean;
}

/** The longest answer kept, in characters: a model writing on and on is stopped here (about 32 KB of text). */
export const MAX_ANSWER_CHARS = 32_000;

export interface EngineHealth {
  ok: boolean;
  latencyMs: number;
  /** Why not, in words, when not ok. */
  detail?: string;
  /** The engine is there but refusing work for now (a model server answering 429): degraded, not down. */
  rateLimited?: boolean;
}

export interface AgentEngine {
  readonly kind: 'builtin' | 'openai';
  /** For logs and the status page: 'Built-in analyst', 'gpt-4o-mini at api.openai.com'. */
  readonly label: string;
  answer(request: EngineRequest, io: EngineIO): Promise<EngineAnswer>;
  /** A cheap probe for the status page: built-in answers a tiny question, remote lists its models. */
  health(signal?: AbortSignal): Promise<EngineHealth>;
  /**
   * Builds, before the server listens, what answering needs once per process (the analyst's intent model and symbol
   * index, ~150 ms of CPU): otherwise the first question, or the first status probe, pays it on the event loop of an
   * instance that has just joined its balancer, where a stalled health check takes the instance out (docs/deploy.md).
   */
  prepare(): void;
}

/**
 * An engine could not produce an answer. The message is a plain sentence for the user; `detail` (the model server's
 * address, its raw error) is for the logs and the status page only. The kind says whose fault it is.
 */
export class EngineError extends Error {
  constructor(
    message: string,
    readonly kind: 'unreachable' | 'timeout' | 'upstream' | 'protocol',
    readonly detail?: string,
  ) {
    super(message);
    this.name = 'EngineError';
  }
}
