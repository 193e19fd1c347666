import type { Rule } from 'eslint';

/** Types for the rule written in JavaScript (eslint.config.js loads it without a TypeScript step). */
declare const rule: Rule.RuleModule;
export default rule;
