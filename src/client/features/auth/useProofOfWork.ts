import { useEffect, useState } from 'react';
import type { WorkPuzzle } from '../../../shared/captcha/proofOfWork';
import type { PowWorkerMessage } from './powWorker';

export type ProofOfWorkState =
  | { status: 'idle' }
  | { status: 'working'; searched: number }
  | { status: 'done'; proof: number }
  | { status: 'failed' };

/**
 * Solves the challenge's proof of work in a Web Worker as soon as the puzzle arrives. A new puzzle (Refresh) or
 * unmounting (Cancel) terminates the worker, so no search outlives its panel.
 */
export function useProofOfWork(puzzle: WorkPuzzle | undefined): ProofOfWorkState {
  const [state, setState] = useState<ProofOfWorkState>({ status: 'idle' });
  const salt = puzzle?.salt;

  useEffect(() => {
    if (!puzzle) {
      setState({ status: 'idle' });
      return;
    }
    setState({ status: 'working', searched: 0 });
    const worker = new Worker(new URL('./powWorker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<PowWorkerMessage>) => {
      const message = event.data;
      if (message.type === 'progress') setState({ status: 'working', searched: message.searched });
      else if (message.type === 'solved') setState({ status: 'done', proof: message.proof });
      else setState({ status: 'failed' });
      if (message.type !== 'progress') worker.terminate();
    };
    worker.onerror = () => setState({ status: 'failed' });
    worker.postMessage(puzzle);
    return () => worker.terminate();
    // The salt names the puzzle: a refetch with the same challenge must not restart the search.
  }, [salt]);

  return state;
}
