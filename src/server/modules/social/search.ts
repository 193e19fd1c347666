import { and, asc, eq, ne, not, or, sql, type AnyColumn } from 'drizzle-orm';
import { USER_SEARCH_MAX_RESULTS } from '../../../shared/social/limits';
import { SOCIAL_MESSAGES as M } from '../../../shared/social/messages';
import type { UserSearchResult } from '../../../shared/social/types';
import type { AppDeps } from '../../depsTypes';
import { first } from '../../db/rows';
import { tablesOf } from '../../db/schema';
import { appError } from '../../errors/appError';
import { normalizeEmail } from '../auth/users';
import { relationshipsWith } from './friendships';
import { blockedWith } from './blocks';
import { isEmailHandle, personColumns, toSocialPerson } from './people';

type SearchDeps = Pick<AppDeps, 'db' | 'userSearchBudget'>;

/** `text` as a LIKE pattern that matches it literally at the start ('50%_' finds '50%_...' only). */
function prefixPattern(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/**
 * GET /api/users/search?q=: people by username or name prefix, or by exact email. It must not become a directory
 * of addresses: a hit shows name, username and picture, and the email only when the query was exactly that email.
 * At most 10 hits, never the caller, never banned accounts, never anyone the caller blocked or was blocked by; each user may search USER_SEARCH_RATE times a minute (AppDeps.userSearchBudget).
 *
 * Name prefixes compare case-insensitively (lower() on both sides: SQLite's LIKE folds ASCII, PostgreSQL's folds
 * nothing) and scan the users table with a limit; an index on lower(name) is the next step if the table grows past a
 * few hundred thousand rows.
 */
export async function searchUsers(deps: SearchDeps, callerId: string, query: string): Promise<UserSearchResult[]> {
  const { users } = tablesOf(deps.db);
  // Counted per user on every instance together (PostgreSQL) and on the wall clock: it measures load, not business
  // time, which tests may pin.
  if (!(await deps.userSearchBudget.take(callerId))) throw appError('TOO_MANY_REQUESTS', M.searchTooFast);
  const q = query.trim();
  // Never the caller, banned accounts, or anyone across a block (whoever blocked whom).
  const notCaller = and(ne(users.id, callerId), eq(users.banned, false), not(blockedWith(deps.db, callerId, users.id)));

  if (isEmailHandle(q)) {
    const email = normalizeEmail(q);
    const row = await first(
      deps.db
        .select({ ...personColumns(users), email: users.email })
        .from(users)
        .where(and(eq(users.email, email), notCaller))
        .limit(1),
    );
    if (!row) return [];
    const relationship = (await relationshipsWith(deps.db, callerId, [row.id])).get(row.id) ?? 'none';
    // The caller typed this exact address: showing it back reveals nothing they did not know.
    return [{ ...toSocialPerson(row), email: row.email, relationship }];
  }

  const pattern = prefixPattern(q.toLowerCase());
  const like = (column: AnyColumn) => sql`lower(${column}) like ${pattern} escape '\\'`;
  const rows = await deps.db
    .select(personColumns(users))
    .from(users)
    .where(
      and(notCaller, or(like(users.username), like(users.firstName), like(users.lastName), like(users.displayName))),
    )
    // Exact usernames first, then by name: the person you typed precisely is on top.
    .orderBy(sql`${users.username} = ${q.toLowerCase()} desc`, asc(users.displayName), asc(users.username))
    .limit(USER_SEARCH_MAX_RESULTS);
  const relationships = await relationshipsWith(
    deps.db,
    callerId,
    rows.map((r) => r.id),
  );
  return rows.map((row) => ({ ...toSocialPerson(row), relationship: relationships.get(row.id) ?? 'none' }));
}
