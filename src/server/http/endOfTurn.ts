/**
 * Answers made at once, written together at the end of the event-loop turn.
 *
 * Under load one turn of the event loop reads dozens of requests. Writing each answer the moment it is made puts a
 * socket write between every two requests, and each write to a waiting client (over loopback, or a proxy on the same
 * host) has the kernel wake that client again: for the quotes route that wake-up was the largest single cost. Queued
 * here, the answers of a turn go out back to back once its requests are read, so a waiting client is woken once for
 * many answers. A lone request waits only for the rest of its own turn (microseconds); under load an answer waits at
 * most for the other requests read in the same turn, which it would have waited for in the client's queue anyway.
 */
const queued: Array<() => void> = [];

/**
 * Runs `task` once the requests read in this turn are handled: one setImmediate per turn, for all of them, in order.
 * A task must not throw (it answers its own errors): like any callback's, an uncaught error is a crash.
 */
export function atEndOfTurn(task: () => void): void {
  if (queued.push(task) === 1) setImmediate(runQueued);
}

function runQueued(): void {
  // Swapped out first: a task queued while these run starts the next turn's batch.
  const tasks = queued.splice(0);
  for (const task of tasks) task();
}
