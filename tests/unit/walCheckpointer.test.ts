import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import { openSqlite } from '../../src/server/db/client';
import type { SqliteHandle } from '../../src/server/db/sqlite';
import { startWalCheckpointer } from '../../src/server/db/walCheckpointer';

const MB = 1024 * 1024;
let dir = '';
let handle: SqliteHandle | null = null;

afterEach(() => {
  void handle?.close();
  handle = null;
  if (dir) rmSync(dir, { recursive: true, force: true });
});

/** Writes about 8 MB in 50 transactions with short pauses, like a steady stream of messages. */
async function writeSteadily(sqlite: SqliteHandle['sqlite']) {
  sqlite.exec('create table if not exists filler (body blob)');
  const insert = sqlite.prepare('insert into filler (body) values (?)');
  const row = Buffer.alloc(4000, 7);
  for (let t = 0; t < 50; t++) {
    sqlite.transaction(() => {
      for (let i = 0; i < 40; i++) insert.run(row);
    })();
    await sleep(15);
  }
}

describe('WAL checkpoints on their own thread', () => {
  it('keep the write-ahead log small while the main connection never checkpoints', async () => {
    dir = mkdtempSync(join(tmpdir(), 'tickwise-wal-'));
    const file = join(dir, 'wal.db');
    handle = openSqlite(file);
    const errors: string[] = [];
    const checkpointer = startWalCheckpointer(handle.sqlite, (message) => errors.push(message), 10);
    expect(checkpointer).not.toBeNull();
    expect(handle.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
    await writeSteadily(handle.sqlite);
    // Without the worker (and with automatic checkpoints off) the log would hold all ~8 MB.
    expect(statSync(`${file}-wal`).size).toBeLessThan(3 * MB);
    await checkpointer!.stop();
    expect(handle.sqlite.pragma('wal_autocheckpoint', { simple: true })).toBe(1000);
    expect(errors).toEqual([]);
  });

  it('keeps a process with nothing else to do alive until the worker has stopped (a clean shutdown)', () => {
    dir = mkdtempSync(join(tmpdir(), 'tickwise-wal-'));
    const script = join(dir, 'stop.mts');
    const src = (path: string) => JSON.stringify(resolve('src/server/db', path));
    writeFileSync(
      script,
      [
        `import { openSqlite } from ${src('sqlite.ts')};`,
        `import { startWalCheckpointer } from ${src('walCheckpointer.ts')};`,
        `const handle = openSqlite(${JSON.stringify(join(dir, 'stop.db'))});`,
        'const checkpointer = startWalCheckpointer(handle.sqlite, () => undefined);',
        'await checkpointer.stop();',
        "console.log('stopped');",
        'await handle.close();',
        "console.log('closed');",
      ].join('\n'),
    );
    // The worker is unref'd; before stop() held it, the process ran out of work and exited inside stop().
    const output = execFileSync(process.execPath, ['--import', 'tsx', script], { encoding: 'utf8' });
    expect(output.trim().split('\n')).toEqual(['stopped', 'closed']);
  });

  it('has nothing to do for an in-memory database', () => {
    handle = openSqlite(':memory:');
    expect(startWalCheckpointer(handle.sqlite, () => undefined)).toBeNull();
  });
});
