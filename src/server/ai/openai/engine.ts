import OpenAI from 'openai';
import type { Logger } from 'pino';
import {
  EngineError,
  MAX_ANSWER_CHARS,
  type AgentEngine,
  type CutOff,
  type EngineIO,
  type EngineRequest,
} from '../engine';
import type { ToolSpec } from '../turnTools';
import { ToolCallAccumulator, type AssembledToolCall, type ToolCallDelta } from './toolCallAccumulator';

/** One answer may take this many rounds of tool calls; then the model must answer with what it has. */
export const MAX_TOOL_ROUNDS = 6;
/** The status probe's GET /models must answer within this. */
const HEALTH_TIMEOUT_MS = 5000;

export interface OpenAiEngineOptions {
  baseURL: string;
  apiKey?: string;
  model: string;
  /** Overall time for one answer, all rounds included. */
  timeoutMs: number;
  log: Logger;
  /** Network for tests; the real fetch otherwise. */
  fetch?: typeof fetch;
}

type Message = OpenAI.Chat.Completions.ChatCompletionMessageParam;

interface RoundResult {
  content: string;
  toolCalls: AssembledToolCall[];
  finishReason: string | null;
  /** The round's text was stopped early (see EngineAnswer.cutOff); its tool calls, if any, are not run. */
  cutOff?: CutOff;
}

/**
 * Any server that speaks OpenAI's chat-completions protocol (OpenAI, Ollama, vLLM, llama.cpp), through the openai
 * SDK. Written for the lowest common denominator: tool calls are read with or without `index` and with arguments as
 * text or object; whether the model wants tools is decided by the presence of tool calls, never by `finish_reason`;
 * `tool_choice` is never sent; parallel tool calls are switched off; when a backend drops tool calls from a stream,
 * the round is asked again without streaming.
 */
export function createOpenAiEngine(options: OpenAiEngineOptions): AgentEngine {
  const host = safeHost(options.baseURL);
  const client = new OpenAI({
    baseURL: options.baseURL,
    // Local servers need no key, but the SDK insists on one.
    apiKey: options.apiKey || 'no-key',
    maxRetries: 0,
    timeout: options.timeoutMs,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });

  async function round(
    messages: Message[],
    tools: ToolSpec[],
    stream: boolean,
    io: EngineIO,
    signal: AbortSignal,
  ): Promise<RoundResult> {
    const toolParams = tools.length
      ? { tools: tools.map((t) => ({ type: 'function' as const, function: t })), parallel_tool_calls: false }
      : {};
    if (!stream) {
      const completion = await client.chat.completions.create(
        { model: options.model, messages, ...toolParams, stream: false },
        { signal },
      );
      const choice = completion.choices?.[0];
      const message = choice?.message;
      const whole = typeof message?.content === 'string' ? message.content : '';
      const content = whole.slice(0, MAX_ANSWER_CHARS);
      const accumulator = new ToolCallAccumulator();
      accumulator.add(message?.tool_calls ?? []);
      if (content) io.onToken(content);
      const cutOff = whole.length > MAX_ANSWER_CHARS ? ('size' as const) : undefined;
      return {
        content,
        toolCalls: accumulator.calls(),
        finishReason: choice?.finish_reason ?? null,
        ...(cutOff ? { cutOff } : {}),
      };
    }
    const chunks = await client.chat.completions.create(
      { model: options.model, messages, ...toolParams, stream: true },
      { signal },
    );
    const accumulator = new ToolCallAccumulator();
    let content = '';
    let finishReason: string | null = null;
    for await (const chunk of chunks) {
      const choice = chunk.choices?.[0];
      if (!choice) continue;
      const delta = (choice.delta ?? {}) as { content?: unknown; tool_calls?: ToolCallDelta[] };
      if (typeof delta.content === 'string' && delta.content) {
        const piece = delta.content.slice(0, MAX_ANSWER_CHARS - content.length);
        content += piece;
        if (piece) io.onToken(piece);
        // Leaving the loop closes the stream: the model server stops sending the rest.
        if (content.length >= MAX_ANSWER_CHARS)
          return { content, toolCalls: [], finishReason: 'length', cutOff: 'size' };
      }
      if (Array.isArray(delta.tool_calls)) accumulator.add(delta.tool_calls);
      if (choice.finish_reason) finishReason = choice.finish_reason;
    }
    // The SDK ends a stream quietly when its signal aborts: the text so far is all there is. Without any text there
    // is no answer to keep, and the timeout is reported as a failure; a caller's own abort is passed on.
    if (signal.aborted) {
      if (io.signal.aborted || !content.trim()) throw signal.reason;
      return { content, toolCalls: [], finishReason, cutOff: 'timeout' };
    }
    return { content, toolCalls: accumulator.calls(), finishReason };
  }

  return {
    kind: 'openai',
    label: `${options.model} at ${host}`,

    async answer(request: EngineRequest, io: EngineIO) {
      const timeout = AbortSignal.timeout(options.timeoutMs);
      const signal = AbortSignal.any([io.signal, timeout]);
      const messages: Message[] = [
        { role: 'system', content: request.system },
        ...request.history.map((t): Message => ({ role: t.role, content: t.content })),
        { role: 'user', content: request.message },
      ];
      let invalidArguments = 0;
      /** Set once the turn's tools refused a call for the per-answer cap: the model gets no more tools. */
      let callsUsedUp = false;
      try {
        for (let rounds = 0; ; rounds++) {
          const toolsAllowed = rounds < MAX_TOOL_ROUNDS && !callsUsedUp;
          if (!toolsAllowed) {
            // A user note rather than a second system message: several chat templates only allow one, first.
            messages.push({
              role: 'user',
              content: '(Every tool round for this answer is used. Answer now with the data above.)',
            });
          }
          const tools = toolsAllowed ? request.tools : [];
          let result = await round(messages, tools, true, io, signal);
          if (result.cutOff) return { content: result.content, cutOff: result.cutOff };
          const dropped =
            result.toolCalls.length === 0 && (result.finishReason === 'tool_calls' || result.content.trim() === '');
          if (dropped && tools.length) {
            // The backend said it called tools (or said nothing) but the stream carried no calls: ask again, whole.
            options.log.info(
              { model: options.model, host },
              'stream had no tool calls; retrying the round without streaming',
            );
            if (result.content) io.onReset();
            result = await round(messages, tools, false, io, signal);
            if (result.cutOff) return { content: result.content, cutOff: result.cutOff };
          }
          if (result.toolCalls.length === 0 || !toolsAllowed) {
            if (!result.content.trim())
              throw new EngineError('The AI model returned an empty answer. Please try again.', 'protocol');
            return { content: result.content };
          }
          if (result.content) io.onReset();
          messages.push({
            role: 'assistant',
            content: result.content || null,
            tool_calls: result.toolCalls.map((call) => ({
              id: call.id,
              type: 'function' as const,
              function: {
                name: call.name,
                arguments: typeof call.arguments === 'string' ? call.arguments || '{}' : JSON.stringify(call.arguments),
              },
            })),
          });
          for (const call of result.toolCalls) {
            const outcome = await io.callTool(call.name, call.arguments);
            if (!outcome.ok && outcome.kind === 'invalid_arguments' && ++invalidArguments > 1) {
              // The error went back once; a second bad call means the model cannot use the tool as described.
              throw new EngineError(
                'The AI model kept calling a tool with invalid arguments. Please rephrase your question.',
                'protocol',
              );
            }
            if (!outcome.ok && outcome.kind === 'too_many_calls') callsUsedUp = true;
            messages.push({ role: 'tool', tool_call_id: call.id, content: outcome.content });
          }
        }
      } catch (error) {
        const failure = describeFailure(error, { host, timeout, timeoutMs: options.timeoutMs, userSignal: io.signal });
        if (failure instanceof EngineError) {
          options.log.warn(
            { model: options.model, host, kind: failure.kind, detail: failure.detail },
            'AI model answer failed',
          );
        }
        throw failure;
      }
    },

    // Nothing to build: the model server does the reading.
    prepare() {},

    async health(signal) {
      const started = performance.now();
      const timeout = AbortSignal.timeout(HEALTH_TIMEOUT_MS);
      const userSignal = signal ?? new AbortController().signal;
      try {
        await client.models.list({ signal: AbortSignal.any([userSignal, timeout]), timeout: HEALTH_TIMEOUT_MS });
        return { ok: true, latencyMs: Math.round(performance.now() - started) };
      } catch (error) {
        const failure = describeFailure(error, { host, timeout, timeoutMs: HEALTH_TIMEOUT_MS, userSignal });
        const rateLimited = error instanceof OpenAI.APIError && error.status === 429;
        const detail = failure instanceof EngineError ? (failure.detail ?? failure.message) : failure.message;
        return { ok: false, rateLimited, latencyMs: Math.round(performance.now() - started), detail };
      }
    },
  };
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** What users read when the model server fails: plain sentences, without its address or its own words. */
export const MODEL_FAILURE_MESSAGES = {
  timeout: 'The AI model took too long to answer. Please try again later.',
  unreachable: 'The AI model is unavailable right now. Please try again later.',
  upstream: 'The AI model could not answer right now. Please try again later.',
  protocol: 'The AI model sent an answer that could not be read. Please try again.',
} as const;

/**
 * Any failure as an EngineError: a plain message for the user, and for the logs and the status page a detail with
 * the server's address and what it said. A caller's own abort passes through.
 */
function describeFailure(
  error: unknown,
  context: { host: string; timeout: AbortSignal; timeoutMs: number; userSignal: AbortSignal },
): Error {
  if (error instanceof EngineError) return error;
  if (context.userSignal.aborted) return error instanceof Error ? error : new Error(String(error));
  const at = `The AI model server at ${context.host}`;
  if (context.timeout.aborted || error instanceof OpenAI.APIConnectionTimeoutError) {
    const seconds = Number((context.timeoutMs / 1000).toFixed(1));
    return new EngineError(MODEL_FAILURE_MESSAGES.timeout, 'timeout', `${at} did not answer within ${seconds} seconds`);
  }
  const raw = error instanceof Error ? oneLine(error.message) : oneLine(String(error));
  if (error instanceof OpenAI.APIConnectionError) {
    const detail = `${at} could not be reached (${raw}); check OPENAI_BASE_URL`;
    return new EngineError(MODEL_FAILURE_MESSAGES.unreachable, 'unreachable', detail);
  }
  if (error instanceof OpenAI.APIError) {
    const status = error.status ? `HTTP ${error.status}: ` : '';
    return new EngineError(
      MODEL_FAILURE_MESSAGES.upstream,
      'upstream',
      `${at} answered with an error (${status}${raw})`,
    );
  }
  return new EngineError(
    MODEL_FAILURE_MESSAGES.protocol,
    'protocol',
    `${at} sent an answer that could not be read (${raw})`,
  );
}

const oneLine = (text: string) => (text || 'unknown error').replace(/\s+/g, ' ').slice(0, 200);
