/**
 * What the Financial Agent answers with, shared by the server (which builds it) and the client (which renders it).
 * Times are ISO 8601 strings in UTC: they travel through JSON (REST) and superjson (tRPC) alike.
 */
import type { UsageFeature } from '../limits';

/** One data source an answer used: the footer lists these. */
export interface SourceRef {
  /** The tool that fetched the data, e.g. get_quote. */
  tool: string;
  /** Market-data provider: 'simulated' or 'yahoo' (or another tool's own source, e.g. 'portfolio'). */
  provider: string;
  simulated: boolean;
  /** For people: 'Simulated market (built-in)', 'Yahoo Finance'. */
  label: string;
  /** When the data was observed. */
  asOf: string;
  /** What was asked, e.g. 'AAPL' or 'AAPL 1Y'. */
  subject: string;
}

/** Where a verified figure came from. */
export interface FigureSource {
  tool: string;
  /** The value's place in the tool result, e.g. 'AAPL price'. */
  label: string;
  /** The exact tool value it matched (before rounding), or the derived value. */
  value?: number;
  asOf: string;
  provider: string;
  /** For derived figures: how it was computed, e.g. 'AAPL price − MSFT price'. */
  derivedFrom?: string;
}

/** A number, ticker or date in an answer, matched against this turn's tool results (or not). */
export interface AnnotatedFigure {
  /** Exactly as written in the answer. */
  text: string;
  /** Offsets into the answer's content (UTF-16 code units, like String.slice). */
  start: number;
  end: number;
  kind: 'number' | 'ticker' | 'date';
  /** The parsed value, for numbers. */
  value?: number;
  verified: boolean;
  source?: FigureSource;
}

export interface Verification {
  verified: number;
  total: number;
}

/** Median path and bands of a forecast, one value per future time. */
export interface ForecastBands {
  median: number[];
  lower80: number[];
  upper80: number[];
  lower95: number[];
  upper95: number[];
}

/** A forecast graph: data for a chart, never an image. */
export interface ForecastArtifact {
  kind: 'forecast';
  symbol: string;
  name: string;
  horizon: string;
  horizonDays: number;
  /** Bars ahead (trading days for an exchange, days for a market that never closes). */
  steps: number;
  lastClose: number;
  asOf: string;
  simulated: boolean;
  /** The estimation window: daily log returns between these dates. */
  window: { from: string; to: string; returns: number };
  volatilityAnnualPercent: number;
  driftAnnualPercent: number;
  history: { times: number[]; closes: number[] };
  future: { times: number[]; zeroDrift: ForecastBands; estimatedDrift: ForecastBands };
  probabilityAbove: { zeroDrift: number; estimatedDrift: number };
  /** Rolling-origin back-tests of the same method on this symbol's own history. */
  calibration: { coverage80: number; coverage95: number; n: number; years: number } | null;
  /** One paragraph on the method, for the tooltip. */
  method: string;
}

export type ChatArtifact = ForecastArtifact;

/** A tool call as the user sees it: 'Looking up AAPL…', then done or failed. */
export interface ToolActivity {
  id: string;
  tool: string;
  label: string;
  status: 'running' | 'done' | 'error';
  /** For failures: what went wrong, in words. */
  detail?: string;
}

/** A daily limit a tool ran into during the answer (e.g. the forecast's graph limit); the client shows the popup. */
export interface LimitHit {
  feature: UsageFeature;
  used: number;
  limit: number;
  resetsAt: string;
}

/** Everything an assistant message carries besides its text. */
export interface AnswerMeta {
  engine: 'builtin' | 'openai';
  figures: AnnotatedFigure[];
  sources: SourceRef[];
  artifacts: ChatArtifact[];
  tools: ToolActivity[];
  verification: Verification;
  limitHit?: LimitHit;
  /**
   * The answer was stopped before the model finished it, and its text ends with a note saying so: 'timeout' when the
   * model server ran out of time (the message was not charged), 'size' when it reached the length limit.
   */
  cutOff?: 'timeout' | 'size';
}

export interface ChatMessageView {
  id: number;
  role: 'user' | 'assistant';
  content: string;
  /** ISO 8601. */
  timestamp: string;
  /** For user messages sent while a chart was in view. */
  viewingSymbol?: string;
  answer?: AnswerMeta;
}

export interface ConversationSummary {
  id: string;
  title: string;
  createdAt: string;
  updatedAt: string;
  messageCount: number;
}

/** Where the chat-message allowance stands after a message was accepted. */
export interface UsageAfter {
  used: number;
  limit: number;
  remaining: number;
  resetsAt: string;
}

/** Events of one streamed answer (chat.send), in order: started, then tools and tokens, then done. */
export type ChatStreamEvent =
  | { type: 'started'; conversationId: string; usage: UsageAfter }
  | { type: 'tool'; activity: ToolActivity }
  | { type: 'token'; text: string }
  /** The engine starts a new round: text streamed so far was a preamble to tool calls and is replaced. */
  | { type: 'reset' }
  | { type: 'done'; conversationId: string; userMessage: ChatMessageView; message: ChatMessageView; usage: UsageAfter };
