import { cpSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/**
 * A copy (under `work`) of a migrations folder (`db/migrations` or `db/migrations-pg`) whose journal stops before the
 * migration named `…_<name>`: the database as it was before that migration. Names, not numbers, since numbers change
 * when branches merge.
 */
export function migrationsBefore(source: string, name: string, work: string): string {
  const folder = join(work, `${source.replaceAll('/', '_')}-before-${name}`);
  cpSync(source, folder, { recursive: true });
  const journalPath = join(folder, 'meta/_journal.json');
  const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as { entries: Array<{ tag: string }> };
  const at = journal.entries.findIndex((e) => e.tag.endsWith(`_${name}`));
  if (at < 0) throw new Error(`no migration named ${name} in ${source}`);
  journal.entries = journal.entries.slice(0, at);
  writeFileSync(journalPath, JSON.stringify(journal));
  return folder;
}
