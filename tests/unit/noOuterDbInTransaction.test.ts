/**
 * The lint rule that refuses the outer database handle inside a transaction callback (eslint-rules/, issue 29 §4):
 * the shapes the services write (db.transaction, exclusiveTransaction(deps.db, …), this.db.transaction) are caught,
 * and what is safe (the callback's own handle, a shadowing name, the handle outside the callback) is not.
 */
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, it } from 'vitest';
import rule from '../../eslint-rules/noOuterDbInTransaction.js';

RuleTester.describe = describe;
RuleTester.it = it;

const tester = new RuleTester({
  languageOptions: { parser: tseslint.parser, ecmaVersion: 2022, sourceType: 'module' },
});
/** The report, naming the outer handle and the callback's own handle (when the callback names one). */
const outerHandle = (handle: string, tx: string | null = 'tx') => ({
  messageId: 'outerHandle',
  data: { handle, tx: tx ? ` (\`${tx}\`)` : '' },
});

tester.run('no-outer-db-in-transaction', rule, {
  valid: [
    // The callback's own handle, and the outer one before and after the transaction.
    `async function f(db: Db) {
       await db.select().from(users);
       await db.transaction(async (tx) => { await tx.insert(users).values(row); });
       await db.delete(sessions);
     }`,
    `function f(deps: AppDeps) {
       return exclusiveTransaction(deps.db, ['k'], async (tx) => tx.update(users).set({ plan: 'pro' }));
     }`,
    // Another member of the same object is not the handle.
    `function f(deps: AppDeps) {
       return exclusiveTransaction(deps.db, ['k'], async (tx) => { deps.clock(); return write(tx, deps.config); });
     }`,
    // A name inside the callback that shadows the outer one is the callback's own.
    `async function f(db: Db) {
       await db.transaction(async (tx) => { const db = tx; await db.insert(users).values(row); });
     }`,
    // A transaction on some other object named differently; and a callback passed by reference (not looked into).
    `async function f(db: Db, work: (tx: Db) => Promise<void>) { await db.transaction(work); }`,
    // Helpers not configured are not transactions.
    `function f(db: Db) { return retry(db, async () => db.select().from(users)); }`,
    // A non-arrow function nested in the callback has a \`this\` of its own.
    `class H {
       db!: Db;
       run() { return this.db.transaction(async (tx) => { tx.run(); return function (this: H) { return this.db; }; }); }
     }`,
  ],
  invalid: [
    {
      code: `async function f(db: Db) {
               await db.transaction(async (tx) => {
                 await tx.insert(users).values(row);
                 await db.select().from(users);
               });
             }`,
      errors: [outerHandle('db')],
    },
    {
      // Passing the outer handle on to a helper is the same statement, one call away.
      code: `function f(deps: AppDeps) {
               return exclusiveTransaction(deps.db, ['friends:a:b'], async (tx) => {
                 await tx.delete(friendRequests);
                 return countFriends(deps.db, 'a');
               });
             }`,
      errors: [outerHandle('deps.db')],
    },
    {
      code: `class StatusHistory {
               constructor(private readonly db: Db) {}
               record() {
                 return this.db.transaction(async (tx) => { await tx.insert(t); await this.db.select().from(t); });
               }
             }`,
      errors: [outerHandle('this.db')],
    },
    {
      // The project's own wrapper (modules/*/queries.ts), in a nested arrow inside the callback.
      code: `function f(db: Db, ids: string[]) {
               return inWriteTransaction(db, ['k'], async (tx) => Promise.all(ids.map((id) => read(db, id))));
             }`,
      errors: [outerHandle('db')],
    },
    {
      code: `function f(db: Db) { return retry(db, ['k'], async () => db.select().from(users)); }`,
      options: [{ helpers: ['retry'] }],
      errors: [outerHandle('db', null)],
    },
  ],
});
