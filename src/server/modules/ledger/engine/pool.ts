import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { dirname, join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { appError } from '../../../errors/appError';
import type { EngineAnswer, EngineRequest } from './protocol';

/**
 * The ledger engine's threads (decision 020). Replays, performance walks and import checks of a large ledger take
 * hundreds of milliseconds of CPU; on the event loop they held every other user's request for as long (issue 26).
 * Here they run on worker threads, one per spare core (at least one, at most two), each keeping its own bounded
 * state (engineState.ts). A portfolio always goes to the same thread, so its ledger, end states and performance
 * memo are where its next request runs: that is why this is a small pool of our own rather than piscina, which
 * hands a task to whichever thread is free.
 *
 * Bounds: at most MAX_PENDING requests wait per thread (past that, 503 'busy' at once rather than a queue that grows
 * with the attack); a thread's heap is capped (HEAP_MB), and a thread that dies, runs out of memory or takes longer
 * than TASK_TIMEOUT_MS on one request is ended and replaced: only its own requests fail, with a 503.
 *
 * Under tsx and vitest the thread loads worker.ts through tsx's loader; the production build compiles it to
 * dist/server/ledgerWorker.js beside main.js (scripts/build-server.mjs).
 */

export const LEDGER_ENGINE_BUSY = 'Your portfolio figures are taking longer than usual. Please try again in a moment.';
export const MAX_PENDING = 64;
const TASK_TIMEOUT_MS = 120_000;
const HEAP_MB = 768;

interface Pending {
  resolve: (answer: EngineAnswer<unknown>) => void;
  reject: (error: Error) => void;
  timer: NodeJS.Timeout;
}

interface Slot {
  worker: Worker | null;
  pending: Map<number, Pending>;
}

export interface EnginePoolOptions {
  size?: number;
  /** Told about a thread's failure (a bug or a crash), for the log. */
  onFailure?: (message: string) => void;
}

export function defaultEngineThreads(): number {
  return Math.max(1, Math.min(2, availableParallelism() - 1));
}

export class LedgerEnginePool {
  private readonly slots: Slot[];
  private nextId = 1;
  private closed = false;

  constructor(private readonly options: EnginePoolOptions = {}) {
    this.slots = Array.from({ length: options.size ?? defaultEngineThreads() }, () => ({
      worker: null,
      pending: new Map(),
    }));
  }

  /** Sends `request` to the thread that owns `affinity` (a portfolio id). */
  run<T>(affinity: string, request: EngineRequest): Promise<EngineAnswer<T>> {
    if (this.closed) return Promise.reject(new Error('The ledger engine is closed'));
    const slot = this.slots[hash(affinity) % this.slots.length];
    if (slot.pending.size >= MAX_PENDING) return Promise.reject(appError('SERVICE_UNAVAILABLE', LEDGER_ENGINE_BUSY));
    const worker = (slot.worker ??= this.start(slot));
    const id = this.nextId++;
    return new Promise<EngineAnswer<T>>((resolve, reject) => {
      const timer = setTimeout(
        () => void this.stop(slot, `a request ran for more than ${TASK_TIMEOUT_MS} ms`),
        TASK_TIMEOUT_MS,
      );
      slot.pending.set(id, { resolve: resolve as Pending['resolve'], reject, timer });
      worker.ref(); // an answer is owed: keep the process up for it
      worker.postMessage({ id, request });
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.all(this.slots.map((slot) => this.stop(slot, 'the server is stopping')));
  }

  private start(slot: Slot): Worker {
    const worker = spawnEngineThread();
    worker.unref();
    worker.on('message', (message: { id: number; answer?: EngineAnswer<unknown>; failure?: string }) => {
      const pending = slot.pending.get(message.id);
      if (!pending) return;
      slot.pending.delete(message.id);
      clearTimeout(pending.timer);
      if (slot.pending.size === 0) worker.unref();
      if (message.answer) pending.resolve(message.answer);
      else {
        this.options.onFailure?.(message.failure ?? 'unknown failure');
        pending.reject(new Error(`ledger engine: ${message.failure}`));
      }
    });
    worker.on('error', (error) => void this.stop(slot, error.message));
    worker.on('exit', (code) => {
      if (slot.worker === worker) void this.stop(slot, `the thread exited with code ${code}`);
    });
    return worker;
  }

  /** Ends the slot's thread (a new one starts with the next request) and fails what it still owed. */
  private async stop(slot: Slot, why: string): Promise<void> {
    const worker = slot.worker;
    slot.worker = null;
    const owed = [...slot.pending.values()];
    slot.pending.clear();
    if (owed.length > 0 && !this.closed) this.options.onFailure?.(`ledger engine thread ended: ${why}`);
    for (const pending of owed) {
      clearTimeout(pending.timer);
      pending.reject(appError('SERVICE_UNAVAILABLE', LEDGER_ENGINE_BUSY));
    }
    if (worker) await worker.terminate();
  }
}

/** A thread running worker.ts: through tsx's loader from the sources, or the compiled file beside main.js. */
function spawnEngineThread(): Worker {
  const resourceLimits = { maxOldGenerationSizeMb: HEAP_MB };
  if (!import.meta.url.endsWith('.ts'))
    return new Worker(new URL('./ledgerWorker.js', import.meta.url), { resourceLimits });
  const entry = new URL('./worker.ts', import.meta.url).href;
  const boot = `import(${JSON.stringify(tsxLoaderUrl())}).then((tsx) => { tsx.register(); return import(${JSON.stringify(entry)}); });`;
  return new Worker(boot, { eval: true, resourceLimits });
}

/** tsx's ESM loader API (`tsx/esm/api`), found from this file rather than from the working directory. */
function tsxLoaderUrl(): string {
  const require = createRequire(import.meta.url);
  const manifest = require.resolve('tsx/package.json');
  const { exports } = require(manifest) as { exports: Record<string, { import: { default: string } }> };
  return pathToFileURL(join(dirname(manifest), exports['./esm/api'].import.default)).href;
}

/** A stable small hash of a portfolio id (FNV-1a), so one portfolio always meets the same thread. */
function hash(text: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 0x01000193);
  return h >>> 0;
}
