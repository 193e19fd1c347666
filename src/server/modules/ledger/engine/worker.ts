import { parentPort } from 'node:worker_threads';
import { EngineState } from './engineState';
import type { EngineRequest } from './protocol';

/**
 * The ledger engine's thread (pool.ts starts it): answers one request at a time from its own bounded state. A
 * LedgerError is an answer (`refused`); anything else is a bug, reported as `failure` for the server to log.
 */
const state = new EngineState();
const port = parentPort!;

port.on('message', ({ id, request }: { id: number; request: EngineRequest }) => {
  try {
    port.postMessage({ id, answer: state.handle(request) });
  } catch (error) {
    port.postMessage({ id, failure: error instanceof Error ? (error.stack ?? error.message) : String(error) });
  }
});
