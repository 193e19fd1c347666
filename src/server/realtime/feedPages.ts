import { sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { preparedQuery } from '../db/prepared';
import { turnBatch } from './turnBatch';

/**
 * The reads of the live feeds woken in one turn of the event loop, made as one statement (the social hub's message
 * feeds, the notification centre's). Under load one turn wakes many feeds (the sends whose replies arrived in one
 * poll, a notification carrying several events, 40 alerts firing on one tick), and one statement for all of them
 * costs one round trip where each feed's own read cost one each.
 *
 * A feed asks for its rows above the last id it delivered. The statement ORs one index range per feed (built by the
 * caller with `feedSlot(i)`), returns the rows in id order up to one limit (`FEED_LIMIT`: 100 a feed, 500 in all),
 * and each feed takes its own (`belongs`). Because the rows come in id order, each feed's share is the start of what
 * it has to read (every one of its rows below the last returned is there), and when the limit is reached every feed
 * of the group reads again from where its share ended. The callers' rows commit in id order per feed (one user's
 * messages or notifications), so one snapshot shows each feed a run without gaps.
 */

/** A feed's read: its key (the user whose feed it is) and the last id it delivered. */
export interface FeedRead {
  key: string;
  afterId: number;
}

export interface FeedPage<Row> {
  /** The feed's next rows, oldest first. */
  rows: Row[];
  /** False when more may follow the last of them: read again from there. */
  complete: boolean;
}

/** Feeds read in one statement at most: each adds an index range condition or two to it. */
const FEEDS_PER_READ = 32;
/** Rows one statement returns at most, whatever it asks for: 100 for one feed, up to 500 for many. */
const rowsPerRead = (feeds: number) => Math.min(100 * feeds, 500);

/** The values of feed `i` in the statement. */
export const feedSlot = (i: number) => ({ key: sql.placeholder(`u${i}`), afterId: sql.placeholder(`a${i}`) });
/** The statement's row limit. */
export const FEED_LIMIT = sql.placeholder('limit');

interface Executable {
  execute(values: Record<string, unknown>): Promise<unknown>;
}

/**
 * `name` names the prepared statements (one per number of feeds, built by `build` and prepared once per handle:
 * db/prepared.ts); `belongs` says whether a row is the keyed feed's. Always on the server's own handle (a feed reads
 * outside any transaction).
 */
export function feedPages<Row extends { id: number }>(
  name: string,
  build: (db: Db, feeds: number) => { prepare(): Executable },
  belongs: (row: Row, key: string) => boolean,
): (db: Db, read: FeedRead) => Promise<FeedPage<Row>> {
  const byShape = new Map<number, (db: Db) => Executable>();
  const statementFor = (feeds: number) => {
    let statement = byShape.get(feeds);
    if (!statement) byShape.set(feeds, (statement = preparedQuery(`${name}_${feeds}`, (db) => build(db, feeds))));
    return statement;
  };

  async function readGroup(db: Db, group: readonly FeedRead[]): Promise<Array<FeedPage<Row>>> {
    const limit = rowsPerRead(group.length);
    const values: Record<string, string | number> = { limit };
    group.forEach((feed, i) => {
      values[`u${i}`] = feed.key;
      values[`a${i}`] = feed.afterId;
    });
    const rows = (await statementFor(group.length)(db).execute(values)) as Row[];
    const complete = rows.length < limit;
    return group.map((feed) => ({
      complete,
      rows: rows.filter((row) => row.id > feed.afterId && belongs(row, feed.key)),
    }));
  }

  /** One batcher per handle: the reads asked for in one turn go to that handle together. */
  const readers = new WeakMap<Db, (read: FeedRead) => Promise<FeedPage<Row>>>();
  return (db, read) => {
    let reader = readers.get(db);
    if (!reader) readers.set(db, (reader = turnBatch((group) => readGroup(db, group), FEEDS_PER_READ)));
    return reader(read);
  };
}
