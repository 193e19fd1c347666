/**
 * The layering of src/, checked by `npm run deps` (part of `npm test`). docs/architecture.md draws the same map.
 *
 *   shared  <-  client (and `import type` of the router)
 *                  client/lib  <-  client/components, client/features (lib, which both build on, knows neither)
 *   shared  <-  server: errors/appError.ts (the one error shape every layer throws)
 *                  <-  platform (http, db, realtime, observability, crypto, outbound; market, status, config beside it)
 *                  <-  trpc/ glue (init, context, errors, budgets)
 *                  <-  ai (a leaf: receives its tools and usage charge from the caller)
 *                  <-  modules/<domain> (router, service, agent tools, the /ws spec socket for social)
 *                  <-  trpc/router.ts, rest/, websockets.ts, app.ts, deps.ts (composition: they wire the rest)
 *
 * Type imports count (tsPreCompilationDeps), so a type-only back edge is a cycle too: cross-cutting types such as
 * `AppDeps` live in depsTypes.ts, which builds nothing.
 */
const PLATFORM = '^src/server/(http|db|realtime|observability|crypto|errors|outbound)/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle, type imports included: the layers must point one way.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'shared-is-isomorphic',
      severity: 'error',
      comment: 'src/shared runs in the browser and on the server, so it imports neither.',
      from: { path: '^src/shared/' },
      to: { path: '^src/(server|client)/' },
    },
    {
      name: 'client-sees-only-router-type',
      severity: 'error',
      comment: 'The client reaches the server only through tRPC: `import type { AppRouter }` and nothing else.',
      from: { path: '^src/client/' },
      to: { path: '^src/server/', pathNot: '^src/server/trpc/router\\.ts$' },
    },
    {
      name: 'client-router-type-only',
      severity: 'error',
      comment: 'The router file is server code: the client may name its type, never run it.',
      from: { path: '^src/client/' },
      to: { path: '^src/server/trpc/router\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'client-lib-below-features',
      severity: 'error',
      comment:
        'src/client/lib is what every screen builds on (data layer, hooks, helpers): it knows no screen (features) and no shared component (components), lazily loaded ones included.',
      from: { path: '^src/client/lib/' },
      to: { path: '^src/client/(features|components)/' },
    },
    {
      name: 'platform-below-features',
      severity: 'error',
      comment: 'The platform layer serves every feature and knows none of them.',
      from: { path: PLATFORM },
      to: { path: '^src/server/(modules|ai)/' },
    },
    {
      name: 'realtime-below-trpc',
      severity: 'error',
      comment:
        'realtime/ (bus, socket registry, caps) knows nothing of tRPC (it throws errors/appError.ts); tRPC glue lives in trpc/.',
      from: { path: '^src/server/realtime/' },
      to: { path: '^src/server/trpc/' },
    },
    {
      name: 'ai-is-a-leaf',
      severity: 'error',
      comment: 'The agent receives its tools and its usage charge from the caller; it never reaches into a feature.',
      from: { path: '^src/server/ai/' },
      to: { path: '^src/server/(modules|trpc|rest|http)/' },
    },
    {
      name: 'trpc-glue-below-features',
      severity: 'error',
      comment:
        'tRPC glue (init, context, errors, budgets) serves every feature; only router.ts composes their routers.',
      from: { path: '^src/server/trpc/', pathNot: '^src/server/trpc/router\\.ts$' },
      to: { path: '^src/server/(modules|ai|rest)/' },
    },
    {
      name: 'deps-built-only-at-the-entry',
      severity: 'error',
      comment: 'deps.ts builds everything; the server names its shape through depsTypes.ts (import type) instead.',
      from: { path: '^src/', pathNot: '^src/server/main\\.ts$' },
      to: { path: '^src/server/deps\\.ts$' },
    },
    {
      name: 'ledger-below-portfolios',
      severity: 'error',
      comment:
        'Decision 029: the dependency runs one way, portfolios → ledger. The ledger reads the portfolios feature only through its ownership read, its row queries and its errors, never its services (nor the agent tools other features may use).',
      from: { path: '^src/server/modules/ledger/' },
      to: {
        path: '^src/server/modules/portfolios/',
        pathNot: '^src/server/modules/portfolios/(ownership|queries|errors)\\.ts$',
      },
    },
    {
      name: 'ledger-and-portfolio-rows-are-for-the-two-features',
      severity: 'error',
      comment:
        'Decision 029: the ledger files portfolios may use, and the portfolio rows and ownership read the ledger uses, are public to these two features only; other features go through the portfolios agent tools.',
      from: { path: '^src/server/modules/', pathNot: '^src/server/modules/(portfolios|ledger)/' },
      to: { path: ['^src/server/modules/ledger/', '^src/server/modules/portfolios/(ownership|queries|errors)\\.ts$'] },
    },
    {
      name: 'modules-through-public-files',
      severity: 'error',
      comment:
        "One feature uses another only through that feature's deliberate public files (listed in pathNot), never its internals.",
      from: { path: '^src/server/modules/([^/]+)/' },
      to: {
        path: '^src/server/modules/([^/]+)/',
        pathNot: [
          '^src/server/modules/$1/',
          // auth: who a user is, ending sessions, and the password and attempt checks account deletion repeats
          '^src/server/modules/auth/(users|publicUser|sessionEnd|passwords|lucia|service|rateLimit)\\.ts$',
          // usage: the daily limits, and an agent answer charged against them
          '^src/server/modules/usage/(service|meteredTurn)\\.ts$',
          // stocks: quotes for valuing holdings and for the lists of many symbols
          '^src/server/modules/stocks/(quotes|errors)\\.ts$',
          // chat: the agent answers the social hub shares; portfolios: the get_portfolio and portfolio_performance
          // tools the chat passes in
          '^src/server/modules/chat/agentAnswers\\.ts$',
          '^src/server/modules/portfolios/(agentTool|performanceAgentTool)\\.ts$',
          // ledger and portfolios (decision 029): the portfolios feature's holdings are views over the ledger, so it
          // uses the ledger's write (ledgerService), rows and their currencies, what a version's rows say
          // (versionFacts), its replay in the base and the figures the portfolio page shows, and the Pick types its
          // services take; the ledger uses only the portfolios' one ownership read, their rows and their errors (the
          // two rules below keep it so)
          '^src/server/modules/ledger/(deps|ledgerService|ledgerQueries|activityCurrency|ledgerCache|versionFacts|baseProjection|ledgerInBase|currencyConversion|performanceService)\\.ts$',
          '^src/server/modules/portfolios/(ownership|queries|errors)\\.ts$',
          // notifications: notify(), the one way a feature (alerts) reaches a user
          '^src/server/modules/notifications/notify\\.ts$',
          // watchlists: the symbols a user watches, for the calendar
          '^src/server/modules/watchlists/watchedSymbols\\.ts$',
        ],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
    },
  },
};
