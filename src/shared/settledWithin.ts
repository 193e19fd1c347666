/**
 * Resolves when `work` settles or after `ms`, whichever comes first; never rejects. For answers that show what is
 * ready by a deadline and leave the rest to finish in the background (a cold watchlist, a big calendar).
 */
export function settledWithin(work: Promise<unknown>, ms: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const timer = setTimeout(resolve, ms);
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    work.then(done, done);
  });
}
