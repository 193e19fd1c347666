import { MAX_TOOL_CALLS_PER_TURN } from '../turnTools';

/**
 * Puts streamed tool calls together. Backends differ: OpenAI and vLLM send fragments with an `index`; some llama.cpp
 * and Ollama versions send no index (one call per delta, or fragments of the last call), or the arguments as an
 * object instead of JSON text. Fragments are joined by index when there is one, else by id, else onto the call in
 * progress, unless a new function name shows a new call has begun.
 *
 * A round is bounded whatever the model sends: calls past MAX_TOOL_CALLS_PER_TURN are dropped (no answer could run
 * them), and arguments past MAX_ARGUMENT_CHARS are cut, which leaves invalid JSON the model is told about.
 */

/** No tool takes arguments anywhere near this long. */
export const MAX_ARGUMENT_CHARS = 8_000;

export interface AssembledToolCall {
  id: string;
  name: string;
  /** JSON text, or the object a backend sent instead. */
  arguments: string | Record<string, unknown>;
}

interface Pending {
  index: number | null;
  id: string | null;
  name: string;
  text: string;
  object: Record<string, unknown> | null;
}

export interface ToolCallDelta {
  index?: number | null;
  id?: string | null;
  type?: string | null;
  function?: { name?: string | null; arguments?: unknown } | null;
}

export class ToolCallAccumulator {
  private readonly pending: Pending[] = [];

  add(deltas: readonly ToolCallDelta[]): void {
    for (const delta of deltas) this.addOne(delta);
  }

  private addOne(delta: ToolCallDelta): void {
    const name = delta.function?.name ?? '';
    const args = delta.function?.arguments;
    let entry: Pending | undefined;
    if (typeof delta.index === 'number') {
      entry = this.pending.find((p) => p.index === delta.index);
    } else if (delta.id) {
      entry = this.pending.find((p) => p.id === delta.id);
    } else {
      const last = this.pending[this.pending.length - 1];
      // A fragment without index or id continues the last call, unless it names a function of its own.
      entry = last && !(name && last.name && name !== last.name && looksComplete(last)) ? last : undefined;
    }
    if (!entry) {
      if (this.pending.length >= MAX_TOOL_CALLS_PER_TURN) return;
      entry = {
        index: typeof delta.index === 'number' ? delta.index : null,
        id: delta.id ?? null,
        name: '',
        text: '',
        object: null,
      };
      this.pending.push(entry);
    }
    if (delta.id && !entry.id) entry.id = delta.id;
    if (name && !entry.name) entry.name = name;
    if (typeof args === 'string') entry.text += args.slice(0, MAX_ARGUMENT_CHARS - entry.text.length);
    else if (args && typeof args === 'object')
      entry.object = { ...(entry.object ?? {}), ...(args as Record<string, unknown>) };
  }

  calls(): AssembledToolCall[] {
    return this.pending
      .filter((p) => p.name)
      .map((p, i) => ({ id: p.id ?? `call_${i + 1}`, name: p.name, arguments: p.object ?? p.text }));
  }
}

function looksComplete(p: Pending): boolean {
  if (p.object) return true;
  try {
    JSON.parse(p.text || '{}');
    return true;
  } catch {
    return false;
  }
}
