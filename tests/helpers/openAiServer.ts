import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import type { Json } from './http';

/**
 * A local server speaking the OpenAI chat-completions protocol, scripted per test: streaming (SSE) or plain JSON
 * answers, tool calls with or without `index`, arguments as text or as an object, error answers, hangs and dropped
 * connections. The only stand-in in the AI tests: everything on our side runs for real against it.
 */

export interface ScriptedToolCall {
  name: string;
  /** JSON text (the OpenAI way) or an object (the way some Ollama versions send it). */
  arguments: string | Record<string, unknown>;
  id?: string;
}

export interface ScriptedReply {
  /** Text of the answer (streamed in small pieces when the request streams). */
  content?: string;
  toolCalls?: ScriptedToolCall[];
  /** Streamed tool-call deltas carry `index` (OpenAI, vLLM) unless false (some llama.cpp and Ollama versions). */
  withIndex?: boolean;
  /** 'error' answers HTTP `status` with an OpenAI error body; 'hang' never answers; 'reset' drops the connection. */
  kind?: 'answer' | 'error' | 'hang' | 'reset' | 'dropped-tool-calls';
  status?: number;
  errorMessage?: string;
  /** Overrides the finish_reason the answer ends with. */
  finishReason?: string | null;
  /** Streamed answers: the size of each content piece (7 characters unless set). */
  pieceSize?: number;
  /** Streamed answers: the first piece goes at once, the rest once this settles (a slow model, held by the test). */
  gate?: Promise<unknown>;
}

export interface RecordedRequest {
  path: string;
  headers: IncomingMessage['headers'];
  body: {
    model: string;
    stream?: boolean;
    messages: { role: string; content: string | null; tool_calls?: unknown[]; tool_call_id?: string }[];
    tools?: { type: string; function: { name: string; description: string; parameters: unknown } }[];
    tool_choice?: unknown;
    parallel_tool_calls?: boolean;
  };
}

export type Script = ScriptedReply | ((request: RecordedRequest) => ScriptedReply);

export interface FakeOpenAiServer {
  /** Base URL as OPENAI_BASE_URL takes it (ends in /v1). */
  baseUrl: string;
  requests: RecordedRequest[];
  /** Queues answers for the next chat-completion requests, in order. */
  script(...replies: Script[]): void;
  /** Replies not used yet. */
  pending(): number;
  reset(): void;
  close(): Promise<void>;
}

const chunk = (delta: Record<string, unknown>, finish: string | null = null) => ({
  id: 'chatcmpl-test',
  object: 'chat.completion.chunk',
  created: 1_700_000_000,
  model: 'test-model',
  choices: [{ index: 0, delta, finish_reason: finish }],
});

function pieces(text: string, size = 7): string[] {
  const out: string[] = [];
  for (let i = 0; i < text.length; i += size) out.push(text.slice(i, i + size));
  return out;
}

function streamDeltas(reply: ScriptedReply): Record<string, unknown>[][] {
  const events: Record<string, unknown>[][] = [];
  const calls = reply.toolCalls ?? [];
  calls.forEach((call, i) => {
    const id = call.id ?? `call_${i + 1}`;
    const withIndex = reply.withIndex !== false;
    if (typeof call.arguments !== 'string') {
      events.push([
        {
          ...(withIndex ? { index: i } : {}),
          id,
          type: 'function',
          function: { name: call.name, arguments: call.arguments },
        },
      ]);
      return;
    }
    const parts = pieces(call.arguments, 5);
    events.push([
      { ...(withIndex ? { index: i } : {}), id, type: 'function', function: { name: call.name, arguments: '' } },
    ]);
    // Index-less fragments carry neither index nor id: the client must join them onto the call in progress.
    for (const part of parts) events.push([{ ...(withIndex ? { index: i } : {}), function: { arguments: part } }]);
  });
  return events;
}

export async function startFakeOpenAi(): Promise<FakeOpenAiServer> {
  let queue: Script[] = [];
  const requests: RecordedRequest[] = [];
  const sockets = new Set<Socket>();
  const hanging = new Set<ServerResponse>();

  const server: Server = createServer((req, res) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const path = (req.url ?? '').split('?')[0];
      if (req.method === 'GET' && path === '/v1/models') {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ object: 'list', data: [{ id: 'test-model', object: 'model', owned_by: 'test' }] }));
        return;
      }
      if (req.method !== 'POST' || path !== '/v1/chat/completions') {
        res.writeHead(404, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ error: { message: `no route ${req.method} ${path}` } }));
        return;
      }
      const recorded: RecordedRequest = { path, headers: req.headers, body: JSON.parse(raw) };
      requests.push(recorded);
      const next = queue.shift();
      if (!next) {
        res.writeHead(500, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({ error: { message: 'the test scripted no reply for this request', type: 'server_error' } }),
        );
        return;
      }
      void answer(typeof next === 'function' ? next(recorded) : next, recorded, req, res);
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });

  async function answer(reply: ScriptedReply, request: RecordedRequest, req: IncomingMessage, res: ServerResponse) {
    const kind = reply.kind ?? 'answer';
    if (kind === 'hang') {
      hanging.add(res);
      return;
    }
    if (kind === 'reset') {
      req.socket.destroy();
      return;
    }
    if (kind === 'error') {
      res.writeHead(reply.status ?? 500, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          error: { message: reply.errorMessage ?? 'internal error', type: 'server_error', code: null },
        }),
      );
      return;
    }
    const calls = kind === 'dropped-tool-calls' ? [] : (reply.toolCalls ?? []);
    const finish =
      reply.finishReason !== undefined
        ? reply.finishReason
        : kind === 'dropped-tool-calls' || calls.length
          ? 'tool_calls'
          : 'stop';
    if (!request.body.stream) {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(
        JSON.stringify({
          id: 'chatcmpl-test',
          object: 'chat.completion',
          created: 1_700_000_000,
          model: 'test-model',
          choices: [
            {
              index: 0,
              message: {
                role: 'assistant',
                content: reply.content ?? null,
                ...(calls.length
                  ? {
                      tool_calls: calls.map((c, i) => ({
                        id: c.id ?? `call_${i + 1}`,
                        type: 'function',
                        function: { name: c.name, arguments: c.arguments },
                      })),
                    }
                  : {}),
              },
              finish_reason: finish,
            },
          ],
        }),
      );
      return;
    }
    res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache', connection: 'keep-alive' });
    const send = (data: unknown) => res.write(`data: ${JSON.stringify(data)}\n\n`);
    send(chunk({ role: 'assistant', content: '' }));
    const contentPieces = pieces(reply.content ?? '', reply.pieceSize);
    if (reply.gate) {
      hanging.add(res);
      if (contentPieces.length) send(chunk({ content: contentPieces.shift() }));
      await reply.gate;
      hanging.delete(res);
      // The client may have given up meanwhile (a timeout): nothing more to send.
      if (res.destroyed || res.writableEnded) return;
    }
    for (const piece of contentPieces) send(chunk({ content: piece }));
    for (const deltas of streamDeltas({ ...reply, toolCalls: calls })) send(chunk({ tool_calls: deltas }));
    send(chunk({}, finish));
    res.write('data: [DONE]\n\n');
    res.end();
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    script: (...replies) => queue.push(...replies),
    pending: () => queue.length,
    reset() {
      queue = [];
      requests.length = 0;
    },
    async close() {
      for (const res of hanging) res.destroy();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The JSON a tool returned to the model in this request (the last tool message). */
export function lastToolResult(request: RecordedRequest): { source: string; asOf: string; data: Json; error?: string } {
  const tool = [...request.body.messages].reverse().find((m) => m.role === 'tool');
  if (!tool || typeof tool.content !== 'string') throw new Error('no tool message in the request');
  return JSON.parse(tool.content);
}
