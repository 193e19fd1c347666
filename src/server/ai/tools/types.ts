import type { z } from 'zod';
import type { ChatArtifact } from '../../../shared/chat/types';
import type { UsageFeature } from '../../../shared/limits';
import type { Db } from '../../db/client';
import type { MarketService } from '../../market/service';

/** Where a tool's data came from: every result carries it, and the answer's footer lists it. */
export interface ToolSource {
  provider: string;
  simulated: boolean;
  label: string;
}

/** A tool's answer: plain data for the model (and the grounding check), its source and as-of time. */
export interface ToolResult<T = unknown> {
  data: T;
  source: ToolSource;
  /** When the data was observed (UTC ms). */
  asOf: number;
  /** What was asked, for the sources footer ('AAPL', 'AAPL 1Y'). */
  subject: string;
  /** Charts for the chat (not sent to the model, not grounded): e.g. the forecast graph. */
  artifacts?: ChatArtifact[];
}

/** The server's collaborators a tool may read: always the market and the clock, the database on a user's turn. */
export interface ToolDeps {
  market: MarketService;
  now: () => number;
  db?: Db;
}

/**
 * What a tool may use. Tools get the server's collaborators, never the HTTP request. Every agent turn passes the
 * server's deps (market, clock, database), so `ctx.deps.db` is there for tools that read the user's own data; only
 * the status probe runs the market tools with the market and the clock alone.
 */
export interface ToolContext {
  deps: ToolDeps;
  userId: string;
  /**
   * Takes a unit of a daily limit for work the tool does on top of the chat message (a forecast graph costs a
   * graph generation). Throws the usage service's 429 error at the limit; the unit is given back if the answer fails.
   */
  charge: (feature: UsageFeature) => Promise<void>;
}

/**
 * One tool of the agent: a zod-typed function over the server's services. The same definition serves the
 * OpenAI-compatible engine (JSON schema from zod) and the built-in analyst (direct calls).
 */
export interface AgentTool<Input extends z.ZodType = z.ZodType, Output = unknown> {
  name: string;
  /** For the model: what the tool answers and when to use it. */
  description: string;
  input: Input;
  /** Progress line for the chat while the tool runs, e.g. 'Looking up AAPL…'. */
  progress(input: z.output<Input>): string;
  run(input: z.output<Input>, ctx: ToolContext): Promise<ToolResult<Output>>;
}

/** Any tool, whatever its input and output. */
export type AnyAgentTool = AgentTool<z.ZodType, unknown>;

/** Declares a tool with its input type inferred from the schema. */
export function defineTool<Input extends z.ZodType, Output>(tool: AgentTool<Input, Output>): AgentTool<Input, Output> {
  return tool;
}

/** A failure a tool reports to the model in words (unknown symbol, no data), as opposed to a crash. */
export class ToolFailure extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ToolFailure';
  }
}
