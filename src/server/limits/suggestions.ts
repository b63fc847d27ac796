/**
 * graphql-js ends messages with hints that name schema members: `Did you mean
 * "name"?`, `Did you mean the enum value "INSIGHT"?`, `Did you mean to use an
 * inline fragment on "Memory"?`. The same pattern Apollo's
 * `hideSchemaDetailsFromClientErrors` strips from validation errors.
 */
const SUGGESTION = / ?Did you mean(.+?)\?$/;

/**
 * A message without its "Did you mean …?" hint, so that with introspection off
 * a client cannot map the schema by guessing. Used by the WebSocket guard; on
 * HTTP, Apollo strips validation errors itself, and `formatError` can apply
 * this to the rest (variable values are checked during execution, not validation).
 */
export function stripSuggestion(message: string): string {
  return message.replace(SUGGESTION, "");
}
