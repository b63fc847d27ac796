import { ID_PATTERN } from "./caller.js";
import { BadUserInputError } from "../errors/errors.js";
import { list, text } from "./args.js";

/** An agent, channel or task id argument: the gateway's id pattern, else BAD_USER_INPUT naming `field`. Pure. */
export function idArg(field: string, value: unknown): string {
  if (typeof value !== "string" || !ID_PATTERN.test(value)) throw new BadUserInputError(notAnId(field, value), field);
  return value;
}

/** What idArg answers for a `value` of `field` that is no id. Pure. */
export const notAnId = (field: string, value: unknown) => `${field} must match ${ID_PATTERN.source}, got ${JSON.stringify(String(value).slice(0, 40))}`;

/** A list of at most `maxItems` non-blank strings (trimmed) of at most `maxLength` characters; absent gives []. Pure. */
export function strings(field: string, value: unknown, maxItems: number, maxLength: number): string[] {
  return list(field, value, maxItems, (f, v) => text(f, v, maxLength), []) ?? [];
}
