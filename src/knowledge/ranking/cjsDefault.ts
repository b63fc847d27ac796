/**
 * The function a CommonJS package exports. graphology's plugins ship typings
 * that declare `export default`, while Node's ESM loader hands over
 * `module.exports` itself: TypeScript sees `{ default: fn }`, the runtime `fn`.
 * This accepts both.
 */
export function cjsDefault<T>(module: { default: T }): T {
  return ((module as { default?: T }).default ?? module) as T;
}
