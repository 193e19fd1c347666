/**
 * The one way to hang SQLite (issue 29 §4): inside `db.transaction(async (tx) => …)`, a statement on the outer
 * handle `db` waits on the transaction gate (src/server/db/transactionGate.ts) until the transaction ends, and the
 * transaction waits for that statement: neither ever finishes. On PostgreSQL the same statement runs on another
 * pooled connection, outside the transaction, so it is not rolled back with it and cannot see its uncommitted rows.
 * Either way the callback must use its own handle.
 *
 * Flags, inside the callback passed to `X.transaction(callback)` or to one of the project's helpers that take the
 * handle first and the work last (`exclusiveTransaction(db, keys, work)`), any reference to the same handle `X`: the
 * same variable (`db`, resolved by scope, so a shadowing `db` inside is fine) or the same member path (`deps.db`,
 * `this.db`). It cannot see a function the callback calls that reaches the outer handle by itself; the watchdog in
 * transactionGate.ts catches that at run time in tests.
 */

/** @typedef {import('eslint').Rule.RuleContext} Context */
/** @typedef {import('estree').Node} Node */

const DEFAULT_HELPERS = ['exclusiveTransaction', 'inWriteTransaction'];

/** @type {import('eslint').Rule.RuleModule} */
const rule = {
  meta: {
    type: 'problem',
    docs: { description: 'Disallow the outer database handle inside a transaction callback (it hangs SQLite).' },
    schema: [
      {
        type: 'object',
        properties: { helpers: { type: 'array', items: { type: 'string' } } },
        additionalProperties: false,
      },
    ],
    messages: {
      outerHandle:
        "`{{handle}}` is the outer database handle: inside its transaction use the callback's handle{{tx}}. On SQLite " +
        'a statement on the outer handle waits for the transaction, which waits for the statement (a hang); on ' +
        'PostgreSQL it runs outside the transaction.',
    },
  },
  create(context) {
    const helpers = new Set(context.options[0]?.helpers ?? DEFAULT_HELPERS);
    const sourceCode = context.sourceCode;
    return {
      /** @param {import('estree').CallExpression & import('eslint').Rule.NodeParentExtension} call */
      CallExpression(call) {
        const found = transactionCall(call, helpers);
        if (!found) return;
        const { handle, callback } = found;
        const path = memberPath(handle);
        if (!path) return;
        const first = callback.params[0];
        const tx = first && first.type === 'Identifier' ? ` (\`${first.name}\`)` : '';
        const report = (/** @type {Node} */ node) =>
          context.report({ node, messageId: 'outerHandle', data: { handle: path.join('.'), tx } });
        if (path[0] === 'this') {
          for (const node of thisPaths(callback.body, path)) report(node);
          return;
        }
        const root = resolve(sourceCode.getScope(call), path[0]);
        for (const reference of referencesWithin(sourceCode.getScope(callback))) {
          const sameRoot = root
            ? reference.resolved === root
            : !reference.resolved && reference.identifier.name === path[0];
          if (!sameRoot) continue;
          const node = extendAlong(reference.identifier, path);
          if (node) report(node);
        }
      },
    };
  },
};

/**
 * `handle.transaction(fn)` or `helper(handle, …, fn)` with an inline function: the handle expression and the function.
 * @param {import('estree').CallExpression} call
 * @param {Set<string>} helpers
 */
function transactionCall(call, helpers) {
  const { callee } = call;
  const last = call.arguments[call.arguments.length - 1];
  const callback =
    last && (last.type === 'ArrowFunctionExpression' || last.type === 'FunctionExpression') ? last : null;
  if (!callback) return null;
  if (callee.type === 'MemberExpression' && !callee.computed && propertyName(callee) === 'transaction') {
    if (call.arguments[0] !== callback) return null;
    return { handle: callee.object, callback };
  }
  if (callee.type === 'Identifier' && helpers.has(callee.name) && call.arguments.length >= 2) {
    const handle = call.arguments[0];
    return handle.type === 'SpreadElement' ? null : { handle, callback };
  }
  return null;
}

/** @param {import('estree').MemberExpression} node */
function propertyName(node) {
  return node.property.type === 'Identifier' ? node.property.name : null;
}

/**
 * `db` -> ['db'], `deps.db` -> ['deps', 'db'], `this.db` -> ['this', 'db']; null for anything else (a call, an index).
 * @param {Node} node
 * @returns {string[] | null}
 */
function memberPath(node) {
  if (node.type === 'Identifier') return [node.name];
  if (node.type === 'ThisExpression') return ['this'];
  if (node.type === 'TSNonNullExpression' || node.type === 'TSAsExpression') return memberPath(node.expression);
  if (node.type !== 'MemberExpression' || node.computed) return null;
  const object = memberPath(node.object);
  const name = propertyName(node);
  return object && name ? [...object, name] : null;
}

/**
 * The variable a name means in `scope`, or null when it is a global nobody declared.
 * @param {import('eslint').Scope.Scope | null} scope
 * @param {string} name
 */
function resolve(scope, name) {
  for (let s = scope; s; s = s.upper) {
    const variable = s.set.get(name);
    if (variable) return variable;
  }
  return null;
}

/**
 * Every reference made in `scope` and the scopes nested in it.
 * @param {import('eslint').Scope.Scope} scope
 * @returns {Generator<import('eslint').Scope.Reference>}
 */
function* referencesWithin(scope) {
  yield* scope.references;
  for (const child of scope.childScopes) yield* referencesWithin(child);
}

/**
 * From the identifier `deps`, the node `deps.db` when the code around it spells out the whole path; null otherwise.
 * @param {Node & { parent?: Node }} identifier
 * @param {string[]} path
 */
function extendAlong(identifier, path) {
  /** @type {Node & { parent?: Node }} */
  let node = identifier;
  for (const name of path.slice(1)) {
    const parent = node.parent;
    if (!parent || parent.type !== 'MemberExpression' || parent.object !== node || parent.computed) return null;
    if (propertyName(parent) !== name) return null;
    node = parent;
  }
  return node;
}

/**
 * Nodes spelling `this.<path>` in `body`, not looking into non-arrow functions (which have a `this` of their own).
 * @param {Node} body
 * @param {string[]} path
 * @returns {Generator<Node>}
 */
function* thisPaths(body, path) {
  /** @type {Node[]} */
  const stack = [body];
  while (stack.length > 0) {
    const node = /** @type {Node} */ (stack.pop());
    if (node.type === 'FunctionExpression' || node.type === 'FunctionDeclaration') continue;
    const spelled = node.type === 'MemberExpression' ? memberPath(node) : null;
    if (spelled && spelled.length === path.length && spelled.every((part, i) => part === path[i])) {
      yield node;
      continue;
    }
    for (const [key, value] of Object.entries(node)) {
      if (key === 'parent') continue;
      for (const child of Array.isArray(value) ? value : [value]) {
        if (child && typeof child === 'object' && typeof child.type === 'string') stack.push(child);
      }
    }
  }
}

export default rule;
