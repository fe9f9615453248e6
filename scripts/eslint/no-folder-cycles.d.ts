import type { Rule } from 'eslint';

/** The rule of ./no-folder-cycles.js, typed for the tests that load it. */
declare const rule: Rule.RuleModule;
export default rule;
