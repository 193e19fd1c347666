import { solvePuzzle, type WorkPuzzle } from '../../../shared/captcha/proofOfWork';

/**
 * The captcha's proof of work, off the main thread: the search takes up to a second of one core, and the page
 * must keep painting and answering clicks meanwhile. Receives one puzzle, reports progress, then the proof.
 */
export type PowWorkerMessage =
  { type: 'progress'; searched: number } | { type: 'solved'; proof: number; elapsedMs: number } | { type: 'failed' };

// The project's TypeScript lib is the DOM one; this is the part of a worker's global scope used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<WorkPuzzle>) => void) | null;
  postMessage(message: PowWorkerMessage): void;
};

scope.onmessage = (event) => {
  const started = performance.now();
  const proof = solvePuzzle(event.data, {
    onProgress: (searched) => scope.postMessage({ type: 'progress', searched }),
  });
  scope.postMessage(
    proof === null ? { type: 'failed' } : { type: 'solved', proof, elapsedMs: Math.round(performance.now() - started) },
  );
};
