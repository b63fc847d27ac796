/** Deepest JSON accepted in an operation's variables (objects and arrays both count a level). */
export const MAX_VARIABLES_DEPTH = 64;

/**
 * Whether a JSON value nests deeper than `max`, found without recursion:
 * graphql-js coerces variables recursively and overflows the stack on a few
 * thousand levels, so this must run first and must not overflow itself.
 */
export function nestsDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop()!;
    if (current === null || typeof current !== "object") continue;
    if (depth + 1 > max) return true;
    for (const child of Array.isArray(current) ? current : Object.values(current)) stack.push([child, depth + 1]);
  }
  return false;
}
