// ESLint: typescript-eslint's type-aware rules (promises that nobody awaits, misused promises) and React's hooks
// rules. Formatting is Prettier's job (`npm run format`), so no style rule lives here.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import noOuterDbInTransaction from './eslint-rules/noOuterDbInTransaction.js';

export default tseslint.config(
  // Build output, dependencies, the generated route tree, and test/bench outputs and scratch folders (never source).
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'src/client/routeTree.gen.ts',
      'coverage/**',
      'test-results/**',
      'playwright-report/**',
      'screenshots/**',
      'data/**',
      'tmp/**',
      '.tmp/**',
      'bench/.*/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // Our own throws and rejections are Errors; `unknown` is allowed because some code relays an error it caught
      // (the first failed upstream call, a turn's failure, a gated call's rejection) and must pass it on unchanged.
      '@typescript-eslint/only-throw-error': ['error', { allowThrowingUnknown: true }],
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingUnknown: true }],
    },
  },
  {
    // Services run on SQLite or PostgreSQL (db/database.ts): the SQLite-only ways to run a query do not exist on
    // PostgreSQL, so server code awaits the query itself (db/rows.ts `first` stands in for `.get()`).
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/db/sqlite.ts', 'src/server/db/walCheckpointer.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[arguments.length=0][callee.property.name=/^(get|all|run)$/]',
          message: 'SQLite-only: await the query (first(...) for one row, .returning() to learn what a write touched).',
        },
      ],
    },
  },
  {
    // The one way to hang SQLite: the outer handle inside its own transaction's callback (eslint-rules/, issue 29).
    files: ['src/server/**/*.ts', 'scripts/**/*.ts', 'tests/**/*.ts', 'bench/**/*.ts'],
    plugins: { tickwise: { rules: { 'no-outer-db-in-transaction': noOuterDbInTransaction } } },
    rules: { 'tickwise/no-outer-db-in-transaction': 'error' },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // The client reaches a procedure through the typed proxy (lib/trpc.ts: trpc.stocks.quote.queryOptions(...)),
      // never by its path as a string, which the router's types cannot check (issue 29).
      'no-restricted-syntax': [
        'error',
        {
          selector: 'Literal[value=/^[a-z]+\\.[a-z][a-zA-Z]*$/]',
          message: 'A procedure path as a string: call it through useTRPC() / useTRPCClient() instead.',
        },
        {
          selector: 'TemplateLiteral[expressions.length=0] > TemplateElement[value.raw=/^[a-z]+\\.[a-z][a-zA-Z]*$/]',
          message: 'A procedure path as a string: call it through useTRPC() / useTRPCClient() instead.',
        },
      ],
    },
  },
  {
    // API tests and benchmarks read JSON answers off the wire (tests/helpers/http.ts gives `json: any`): they are
    // untyped by nature, and the assertions check their shape at run time, so the no-unsafe-* family would only
    // flag every `res.json.field`. Everything else (floating promises, explicit any, ...) still applies here.
    files: ['tests/**/*.{ts,tsx}', 'bench/**/*.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
);
