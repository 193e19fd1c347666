import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * argon2 on threads of its own. @node-rs/argon2's async functions run on libuv's thread pool (4 threads), the
 * same pool that reads static files: eight sign-ins at once held every thread for ~60 ms each and made page
 * loads wait behind them. Here hashing runs the library's sync functions in a few worker threads, so files and
 * hashes never queue behind each other, and the number of hashes running at once is bounded by the pool size.
 *
 * The worker is a small CommonJS script passed as a string (eval) rather than a file, so it loads the same way
 * under tsx, vitest and plain node.
 */

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const argon2 = require(workerData.argon2Path);
parentPort.on('message', ({ id, op, args }) => {
  try {
    const value = op === 'hash' ? argon2.hashSync(args[0], args[1]) : argon2.verifySync(args[0], args[1]);
    parentPort.postMessage({ id, value });
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

const argon2Path = createRequire(import.meta.url).resolve('@node-rs/argon2');

export interface Argon2Options {
  memoryCost: number;
  timeCost: number;
  parallelism: number;
  outputLen: number;
}

type Task =
  | { op: 'hash'; args: [password: string, options: Argon2Options] }
  | { op: 'verify'; args: [hash: string, password: string] };

interface Pending {
  id: number;
  task: Task;
  resolve: (value: unknown) => void;
  reject: (error: Error) => void;
}

interface Slot {
  worker: Worker;
  busy: Pending | null;
}

export interface Argon2Pool {
  hash(password: string, options: Argon2Options): Promise<string>;
  verify(hash: string, password: string): Promise<boolean>;
  /** Tasks waiting for a free thread (for metrics and tests). */
  readonly queued: number;
  close(): Promise<void>;
}

/** One thread per spare core (at least one, at most four): hashing never takes the core the event loop runs on. */
export function defaultPoolSize(): number {
  return Math.max(1, Math.min(4, availableParallelism() - 1));
}

export function createArgon2Pool(size = defaultPoolSize()): Argon2Pool {
  const slots: Slot[] = [];
  const queue: Pending[] = [];
  let nextId = 1;
  let closed = false;

  function spawn(): Slot {
    const slot: Slot = { worker: new Worker(WORKER_SOURCE, { eval: true, workerData: { argon2Path } }), busy: null };
    slot.worker.unref(); // an idle pool never keeps the process alive
    slot.worker.on('message', (message: { id: number; value?: unknown; error?: string }) => {
      const done = slot.busy;
      if (!done || done.id !== message.id) return;
      slot.busy = null;
      slot.worker.unref();
      if (message.error !== undefined) done.reject(new Error(message.error));
      else done.resolve(message.value);
      pump();
    });
    slot.worker.on('error', (error) => replace(slot, error));
    slot.worker.on('exit', (code) => {
      if (!closed) replace(slot, new Error(`argon2 worker exited with code ${code}`));
    });
    return slot;
  }

  /** A crashed thread fails only its own task; a fresh one takes its place. */
  function replace(slot: Slot, error: Error): void {
    const index = slots.indexOf(slot);
    if (index === -1) return;
    slots.splice(index, 1);
    slot.busy?.reject(error);
    slot.busy = null;
    if (!closed) pump();
  }

  function pump(): void {
    while (queue.length > 0) {
      let slot = slots.find((s) => s.busy === null);
      if (!slot && slots.length < size) {
        slot = spawn();
        slots.push(slot);
      }
      if (!slot) return;
      const next = queue.shift()!;
      slot.busy = next;
      slot.worker.ref(); // keep the process up until the answer is back
      slot.worker.postMessage({ id: next.id, op: next.task.op, args: next.task.args });
    }
  }

  function run<T>(task: Task): Promise<T> {
    if (closed) return Promise.reject(new Error('argon2 pool is closed'));
    return new Promise<T>((resolve, reject) => {
      queue.push({ id: nextId++, task, resolve: resolve as (value: unknown) => void, reject });
      pump();
    });
  }

  return {
    hash: (password, options) => run<string>({ op: 'hash', args: [password, options] }),
    verify: (hash, password) => run<boolean>({ op: 'verify', args: [hash, password] }),
    get queued() {
      return queue.length;
    },
    async close() {
      closed = true;
      for (const pending of queue.splice(0)) pending.reject(new Error('argon2 pool is closed'));
      await Promise.all(slots.splice(0).map((s) => s.worker.terminate()));
    },
  };
}
