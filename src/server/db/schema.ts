import * as sqlite from './sqliteSchema';

/**
 * The tables the services query, bound once per process to the engine in use (decision 013).
 *
 * Drizzle describes a table per dialect, so the tables exist twice: tables/*.ts for SQLite (which also gives every
 * row its TypeScript type) and pg/tables/*.ts for PostgreSQL, generated from them (scripts/gen-pg-tables.ts).
 * These exports start as the SQLite tables; openDatabase rebinds them to the PostgreSQL ones before any query when
 * DATABASE_URL is set. ES module exports are live bindings, so every importer sees the bound table. Read columns
 * when a query is built, never into module-level constants (those would keep the tables of start-up).
 */
export type Tables = typeof sqlite;

export let users = sqlite.users;
export let sessions = sqlite.sessions;
export let signInAttempts = sqlite.signInAttempts;
export let usedCaptchaTokens = sqlite.usedCaptchaTokens;
export let passwordResetTokens = sqlite.passwordResetTokens;
export let chatConversations = sqlite.chatConversations;
export let chatMessages = sqlite.chatMessages;
export let chatTurns = sqlite.chatTurns;
export let portfolios = sqlite.portfolios;
export let holdings = sqlite.holdings;
export let portfolioActivities = sqlite.portfolioActivities;
export let friendRequests = sqlite.friendRequests;
export let directMessages = sqlite.directMessages;
export let userBlocks = sqlite.userBlocks;
export let unseenFriendRequests = sqlite.unseenFriendRequests;
export let statusChecks = sqlite.statusChecks;
export let statusHeartbeat = sqlite.statusHeartbeat;
export let statusDays = sqlite.statusDays;
export let usageCounters = sqlite.usageCounters;
export let serverInstances = sqlite.serverInstances;
export let notifications = sqlite.notifications;
export let notificationPreferences = sqlite.notificationPreferences;
export let pushSubscriptions = sqlite.pushSubscriptions;
export let serverKeys = sqlite.serverKeys;
export let watchlists = sqlite.watchlists;
export let watchlistSymbols = sqlite.watchlistSymbols;
export let watchlistStarts = sqlite.watchlistStarts;
export let alerts = sqlite.alerts;
export let alertFirings = sqlite.alertFirings;
export let alertSymbolStates = sqlite.alertSymbolStates;

let bound: Tables = sqlite;

/** True while the exports are the SQLite tables (nothing has bound PostgreSQL's in this process). */
export const boundToSqlite = (): boolean => bound === sqlite;

/** Points every export at `tables`; one process talks to one engine, so a second, different binding is a bug. */
export function bindSchema(tables: Tables): void {
  if (bound === tables) return;
  if (bound !== sqlite) throw new Error('The schema is already bound to another database engine in this process.');
  bound = tables;
  users = tables.users;
  sessions = tables.sessions;
  signInAttempts = tables.signInAttempts;
  usedCaptchaTokens = tables.usedCaptchaTokens;
  passwordResetTokens = tables.passwordResetTokens;
  chatConversations = tables.chatConversations;
  chatMessages = tables.chatMessages;
  chatTurns = tables.chatTurns;
  portfolios = tables.portfolios;
  holdings = tables.holdings;
  portfolioActivities = tables.portfolioActivities;
  friendRequests = tables.friendRequests;
  directMessages = tables.directMessages;
  userBlocks = tables.userBlocks;
  unseenFriendRequests = tables.unseenFriendRequests;
  statusChecks = tables.statusChecks;
  statusHeartbeat = tables.statusHeartbeat;
  statusDays = tables.statusDays;
  usageCounters = tables.usageCounters;
  serverInstances = tables.serverInstances;
  notifications = tables.notifications;
  notificationPreferences = tables.notificationPreferences;
  pushSubscriptions = tables.pushSubscriptions;
  serverKeys = tables.serverKeys;
  watchlists = tables.watchlists;
  watchlistSymbols = tables.watchlistSymbols;
  watchlistStarts = tables.watchlistStarts;
  alerts = tables.alerts;
  alertFirings = tables.alertFirings;
  alertSymbolStates = tables.alertSymbolStates;
}
