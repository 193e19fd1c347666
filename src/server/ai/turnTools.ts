import { TRPCError } from '@trpc/server';
import { z } from 'zod';
import type { ChatArtifact, LimitHit, SourceRef, ToolActivity } from '../../shared/chat/types';
import type { UsageFeature } from '../../shared/limits';
import { AppErrorCause } from '../errors/appError';
import { describeZodError } from '../errors/zodMessage';
import type { Evidence } from './grounding';
import { ToolFailure, type AnyAgentTool, type ToolContext, type ToolResult } from './tools/types';
import type { ChargedUnit } from './usageCharge';

/** What a tool call gives back to an engine: the result for the model, or an error it can read and act on. */
export type ToolOutcome =
  | { ok: true; tool: string; data: unknown; result: ToolResult; content: string }
  | {
      ok: false;
      tool: string;
      kind: 'unknown_tool' | 'invalid_arguments' | 'failed' | 'limit' | 'too_many_calls';
      message: string;
      content: string;
    };

/** A tool as the OpenAI-compatible protocol describes it. */
export interface ToolSpec {
  name: string;
  description: string;
  parameters: Record<string, unknown>;
}

/** More calls than this in one answer is a model running in circles. Every call counts, unknown names included. */
export const MAX_TOOL_CALLS_PER_TURN = 12;
/** A tool name longer than this is cut before it is shown or sent back (no tool's name comes close). */
const MAX_SHOWN_NAME = 64;

export interface TurnToolsOptions {
  tools: readonly AnyAgentTool[];
  context: Omit<ToolContext, 'charge'>;
  /**
   * Takes a unit of a daily limit (throws the usage service's 429 at the limit). Given back here when the tool that
   * took it fails, and by the caller when the whole answer fails.
   */
  charge: (feature: UsageFeature) => Promise<ChargedUnit>;
  onActivity?: (activity: ToolActivity) => void;
  log?: { warn(obj: object, msg: string): void };
}

const specCache = new WeakMap<AnyAgentTool, ToolSpec>();

export function toolSpec(tool: AnyAgentTool): ToolSpec {
  let spec = specCache.get(tool);
  if (!spec) {
    const { $schema: _ignored, ...parameters } = z.toJSONSchema(tool.input, {
      io: 'input',
      unrepresentable: 'any',
    }) as Record<string, unknown>;
    spec = { name: tool.name, description: tool.description, parameters };
    specCache.set(tool, spec);
  }
  return spec;
}

/**
 * The tools of one answer: runs calls by name with arguments as the model sent them (JSON text or an object),
 * validates them with the tool's zod schema, reports progress, and keeps every result for the grounding check,
 * the sources footer and the chat's charts.
 */
export class TurnTools {
  readonly activities: ToolActivity[] = [];
  readonly evidence: Evidence[] = [];
  readonly artifacts: ChatArtifact[] = [];
  limitHit: LimitHit | undefined;
  private readonly byName: Map<string, AnyAgentTool>;
  private calls = 0;

  constructor(private readonly options: TurnToolsOptions) {
    this.byName = new Map(options.tools.map((t) => [t.name, t]));
  }

  has(name: string): boolean {
    return this.byName.has(name);
  }

  specs(): ToolSpec[] {
    return this.options.tools.map(toolSpec);
  }

  async call(rawName: string, rawArgs: unknown): Promise<ToolOutcome> {
    const name = rawName.length > MAX_SHOWN_NAME ? `${rawName.slice(0, MAX_SHOWN_NAME)}…` : rawName;
    // Past the cap a call is answered, so the model can finish, but neither run nor shown to the user.
    if (this.calls >= MAX_TOOL_CALLS_PER_TURN) {
      const message = `Too many tool calls for one answer (at most ${MAX_TOOL_CALLS_PER_TURN}). Answer with the data you have.`;
      return this.fail(name, 'too_many_calls', message, false);
    }
    this.calls++;
    const tool = this.byName.get(rawName);
    if (!tool) {
      return this.fail(
        name,
        'unknown_tool',
        `There is no tool named "${name}". Available tools: ${[...this.byName.keys()].join(', ')}.`,
      );
    }
    const args = parseArguments(rawArgs);
    if (!args.ok) return this.fail(name, 'invalid_arguments', `Invalid arguments for ${name}: ${args.message}`);
    const parsed = tool.input.safeParse(args.value);
    if (!parsed.success)
      return this.fail(name, 'invalid_arguments', `Invalid arguments for ${name}: ${describeZodError(parsed.error)}`);

    const activity: ToolActivity = {
      id: `t${this.activities.length + 1}`,
      tool: name,
      label: tool.progress(parsed.data),
      status: 'running',
    };
    this.activities.push(activity);
    this.options.onActivity?.({ ...activity });
    const finish = (status: ToolActivity['status'], detail?: string) => {
      activity.status = status;
      if (detail) activity.detail = detail;
      this.options.onActivity?.({ ...activity });
    };

    const taken: ChargedUnit[] = [];
    const charge = async (feature: UsageFeature) => {
      taken.push(await this.options.charge(feature));
    };
    try {
      const result = await tool.run(parsed.data, { ...this.options.context, charge });
      this.evidence.push({ tool: name, result });
      if (result.artifacts) this.artifacts.push(...result.artifacts);
      finish('done');
      const content = JSON.stringify({
        source: result.source.label,
        asOf: new Date(result.asOf).toISOString(),
        data: result.data,
      });
      return { ok: true, tool: name, data: result.data, result, content };
    } catch (error) {
      for (const unit of taken) await unit.refund();
      const limit = limitOf(error);
      if (limit) {
        this.limitHit = limit.hit;
        finish('error', limit.message);
        return this.fail(name, 'limit', limit.message, false);
      }
      if (error instanceof ToolFailure) {
        finish('error', error.message);
        return this.fail(name, 'failed', error.message, false);
      }
      this.options.log?.warn({ err: error, tool: name }, 'agent tool crashed');
      finish('error', 'The tool failed unexpectedly.');
      return this.fail(
        name,
        'failed',
        `${name} failed unexpectedly; answer without it and say that this data is unavailable.`,
        false,
      );
    }
  }

  /** One entry per tool and subject, newest as-of time kept. */
  sources(): SourceRef[] {
    const byKey = new Map<string, SourceRef>();
    for (const { tool, result } of this.evidence) {
      const key = `${tool}|${result.subject}`;
      const ref: SourceRef = {
        tool,
        provider: result.source.provider,
        simulated: result.source.simulated,
        label: result.source.label,
        asOf: new Date(result.asOf).toISOString(),
        subject: result.subject,
      };
      const existing = byKey.get(key);
      if (!existing || existing.asOf < ref.asOf) byKey.set(key, ref);
    }
    return [...byKey.values()];
  }

  private fail(
    tool: string,
    kind: Exclude<ToolOutcome, { ok: true }>['kind'],
    message: string,
    record = true,
  ): ToolOutcome {
    if (record) {
      const activity: ToolActivity = {
        id: `t${this.activities.length + 1}`,
        tool,
        label: `Calling ${tool}…`,
        status: 'error',
        detail: message,
      };
      this.activities.push(activity);
      this.options.onActivity?.({ ...activity });
    }
    return { ok: false, tool, kind, message, content: JSON.stringify({ error: message }) };
  }
}

/** Arguments arrive as JSON text (OpenAI), as an object (Ollama and others), or empty. */
export function parseArguments(raw: unknown): { ok: true; value: unknown } | { ok: false; message: string } {
  if (raw === undefined || raw === null || raw === '') return { ok: true, value: {} };
  if (typeof raw === 'object') return { ok: true, value: raw };
  if (typeof raw !== 'string') return { ok: false, message: 'arguments must be a JSON object' };
  try {
    const value: unknown = JSON.parse(raw);
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      return { ok: false, message: 'arguments must be a JSON object' };
    return { ok: true, value };
  } catch {
    return { ok: false, message: 'arguments are not valid JSON' };
  }
}

function limitOf(error: unknown): { hit: LimitHit; message: string } | null {
  if (!(error instanceof TRPCError) || error.code !== 'TOO_MANY_REQUESTS') return null;
  const extras = error.cause instanceof AppErrorCause ? error.cause.extras : {};
  if (!extras.limitReached || !extras.feature) return null;
  return {
    message: error.message,
    hit: { feature: extras.feature, used: extras.used ?? 0, limit: extras.limit ?? 0, resetsAt: extras.resetsAt ?? '' },
  };
}
