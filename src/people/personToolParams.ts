import { BadUserInputError } from "../errors/errors.js";
import { list, oneOf, optionalText } from "../core/args.js";
import type { SchemaFacts } from "../core/schemaFacts.js";
import { partialDate } from "../facts/index.js";

/**
 * What the hooks of the person tools' @cypher fields (./tools.ts) check
 * beyond the declared arguments, and give their statements: the fact types
 * against the schema's, and a timeline's range as instants. Pure.
 */

/** Each of `value` one of the schema's fact types, in any case (the statement upper-cases them); BAD_USER_INPUT naming the item. */
function checkFactTypes(field: string, value: unknown, factTypes: readonly string[]): void {
  list(field, value, factTypes.length, (f, v) => oneOf(f, v, factTypes));
}

/** A timeline bound (2019, 2019-03, 2019-03-14, or a date-time) as the instant its period starts or ends; null when absent. */
function timelineBound(field: string, value: unknown, edge: "start" | "end"): string | null {
  const date = optionalText(field, value, 40);
  if (date === null) return null;
  const at = partialDate(date, edge);
  if (at === null) throw new BadUserInputError(`${field} must be a date: 2019, 2019-03 or 2019-03-14`, field);
  return new Date(at).toISOString();
}

/** personProfile and personFacts: the fact types. */
export const factTypesParams = (field: string) => async (args: { factTypes: unknown }, schema: SchemaFacts) => {
  checkFactTypes(`${field}.factTypes`, args.factTypes, schema.factTypes);
  return {};
};

/** personTimeline: the fact types, then `$timelineFrom` (startDate's start) and `$timelineUntil` (endDate's end). */
export async function timelineParams(args: { factTypes: unknown; startDate: unknown; endDate: unknown }, schema: SchemaFacts) {
  checkFactTypes("personTimeline.factTypes", args.factTypes, schema.factTypes);
  const timelineFrom = timelineBound("personTimeline.startDate", args.startDate, "start");
  const timelineUntil = timelineBound("personTimeline.endDate", args.endDate, "end");
  return { timelineFrom, timelineUntil };
}
