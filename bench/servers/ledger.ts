import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { recordLoopBlocks } from '../lib/loopBlocks';

/**
 * The real Tickwise server (simulated market) of the source tree given by --tree (this one by default, or another
 * checkout for a before/after figure) on a free loopback port, its SQLite file at --db so the bench can seed large
 * ledgers straight into it; prints {"port": n}. The tree's own test-server helper builds it, so each tree runs its
 * own code. --loop-blocks <file>: the event loop's blocks written there (bench/lib/loopBlocks.ts).
 */
const { values } = parseArgs({
  options: { tree: { type: 'string' }, db: { type: 'string' }, 'loop-blocks': { type: 'string' } },
});
if (values['loop-blocks']) recordLoopBlocks(values['loop-blocks']);
const tree = values.tree ?? join(import.meta.dirname, '..', '..');
const helper = (await import(pathToFileURL(join(tree, 'tests/helpers/testServer.ts')).href)) as {
  startTestServer(env: Record<string, string>): Promise<{ url: string; close(): Promise<void> }>;
};
const server = await helper.startTestServer(values.db ? { DATABASE_PATH: values.db } : {});
console.log(JSON.stringify({ port: Number(new URL(server.url).port) }));
process.on('SIGTERM', () => {
  server.close().then(
    () => process.exit(0),
    (error: unknown) => {
      console.error(error);
      process.exit(1);
    },
  );
});
