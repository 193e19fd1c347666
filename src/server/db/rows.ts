/** The first row of a query, or undefined: the dialect-neutral `.get()` (add `.limit(1)` to a select). */
export async function first<T>(rows: PromiseLike<readonly T[]>): Promise<T | undefined> {
  return (await rows)[0];
}
