import { useEffect, useEffectEvent, useState } from 'react';
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
const IDLE: ProofOfWorkState = { status: 'idle' };
const STARTING: ProofOfWorkState = { status: 'working', searched: 0 };

export function useProofOfWork(puzzle: WorkPuzzle | undefined): ProofOfWorkState {
  // The worker's reports, labelled with the puzzle they are about: a state from another puzzle is never shown.
  const [progress, setProgress] = useState<{ salt: string; state: ProofOfWorkState } | null>(null);
  const salt = puzzle?.salt;
  const currentPuzzle = useEffectEvent(() => puzzle);

  useEffect(() => {
    const work = currentPuzzle();
    if (!work) return;
    const report = (state: ProofOfWorkState) => setProgress({ salt: work.salt, state });
    const worker = new Worker(new URL('./powWorker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<PowWorkerMessage>) => {
      const message = event.data;
      if (message.type === 'progress') report({ status: 'working', searched: message.searched });
      else if (message.type === 'solved') report({ status: 'done', proof: message.proof });
      else report({ status: 'failed' });
      if (message.type !== 'progress') worker.terminate();
    };
    worker.onerror = () => report({ status: 'failed' });
    worker.postMessage(work);
    return () => {
      worker.terminate();
      setProgress(null);
    };
    // The salt names the puzzle: a refetch with the same challenge must not restart the search.
  }, [salt]);

  if (!puzzle) return IDLE;
  return progress?.salt === puzzle.salt ? progress.state : STARTING;
}
