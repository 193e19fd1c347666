import { atEndOfTurn } from '../http/endOfTurn';

/**
 * Requests made in one turn of the event loop, answered together: `run` gets them in groups of at most `perGroup`
 * and returns one answer per request, in their order. Live feeds use it for their reads (realtime/feedPages.ts):
 * under load one turn wakes many feeds (the sends whose replies arrived in the same poll, a notification carrying
 * several events), and one statement for all of them costs one round trip where each feed's own read cost one each.
 *
 * The turn ends where the HTTP answers' does (http/endOfTurn.ts: one `setImmediate` for every task of the turn),
 * after the poll phase's callbacks and their microtasks, so requests made by different I/O callbacks of one poll
 * share a group; the wait is at most that one turn. A group's failure rejects only its own requests, and the flush
 * itself never throws (atEndOfTurn's rule): `run` is called from a promise.
 */
export function turnBatch<Request, Answer>(
  run: (group: readonly Request[]) => Promise<readonly Answer[]>,
  perGroup: number,
): (request: Request) => Promise<Answer> {
  let waiting: Array<{ request: Request; resolve: (answer: Answer) => void; reject: (error: unknown) => void }> = [];

  const flush = () => {
    const all = waiting;
    waiting = [];
    for (let start = 0; start < all.length; start += perGroup) {
      const group = all.slice(start, start + perGroup);
      const requests = group.map((item) => item.request);
      // Called from a promise, so a `run` that throws rejects its group like one that rejects.
      Promise.resolve(requests)
        .then(run)
        .then(
          (answers) => group.forEach((item, i) => item.resolve(answers[i])),
          (error: unknown) => group.forEach((item) => item.reject(error)),
        );
    }
  };

  return (request) =>
    new Promise<Answer>((resolve, reject) => {
      if (waiting.length === 0) atEndOfTurn(flush);
      waiting.push({ request, resolve, reject });
    });
}
