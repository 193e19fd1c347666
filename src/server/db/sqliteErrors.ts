import { dirname, resolve } from 'node:path';

/**
 * One line naming the file and what to do, for the ways a database fails to open that an operator can fix.
 * Anything else is a bug and keeps its stack.
 */
export function explainSqliteError(error: unknown, path: string): string | null {
  const code = (error as { code?: unknown } | null)?.code;
  if (typeof code !== 'string') return null;
  const file = resolve(path);
  const folder = dirname(file);
  const fix = 'restore it from a backup, or move it away to start with an empty database';
  if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
    return `Cannot create the database folder ${folder} (${code}): make it writable for this user or set DATABASE_PATH to a writable place.`;
  }
  if (code === 'ENOTDIR' || code === 'EEXIST') {
    return `Cannot create the database folder ${folder}: part of that path is a file. Set DATABASE_PATH to a path in a folder.`;
  }
  if (code.startsWith('SQLITE_READONLY') || code.startsWith('SQLITE_CANTOPEN') || code === 'SQLITE_PERM') {
    return `Cannot write the database ${file}: the file or its folder ${folder} is read-only or missing. Make both writable for this user or set DATABASE_PATH to a writable place.`;
  }
  if (code === 'SQLITE_NOTADB')
    return `The database file ${file} is not a SQLite database (corrupt or another kind of file): ${fix}.`;
  if (code.startsWith('SQLITE_CORRUPT')) return `The database file ${file} is damaged (corrupt or truncated): ${fix}.`;
  if (code === 'SQLITE_FULL') return `The disk holding ${file} is full: free some space and start again.`;
  if (code.startsWith('SQLITE_IOERR'))
    return `Cannot read or write the database ${file} (${code}): check the disk and the file, then start again.`;
  return null;
}
