import { BadUserInputError } from "../errors/errors.js";
import { isValidAt, partialDate } from "../facts/index.js";
import type { RequestContext } from "../core/requestContext.js";
import { list, oneOf, optionalText } from "../core/args.js";
import type { AppDeps } from "../core/appDeps.js";
import { loadPersonFacts } from "../facts/index.js";
import { byRelevance, groupByType, timeline, TIMELINE_TYPES, validAt } from "./personFilters.js";

/** The chatbot memory service's get_person_profile and get_person_timeline, the knowledge agent's get_person_summary: one person, one query each. */
export function personToolResolvers(deps: AppDeps, factTypes: readonly string[]) {
  const typesArg = (field: string, value: unknown, fallback: readonly string[]) =>
    list(field, value, factTypes.length, (f, v) => oneOf(f, v, factTypes)) ?? [...fallback];
  const dateArg = (field: string, value: unknown) => {
    const date = optionalText(field, value, 40);
    if (date !== null && partialDate(date, "start") === null) throw new BadUserInputError(`${field} must be a date: 2019, 2019-03 or 2019-03-14`, field);
    return date;
  };

  return {
    personProfile: async (args: { personId: string; factTypes: unknown; asOf: string | null }, ctx: RequestContext) => {
      const personId = args.personId;
      const types = typesArg("personProfile.factTypes", args.factTypes, factTypes);
      const asOf = args.asOf ? new Date(args.asOf) : null;
      const person = await loadPersonFacts(deps, ctx.caller, personId, types);
      const { rows: _rows, facts: _facts, ...rest } = person;
      return { ...rest, facts: validAt(person.rows, person.facts, asOf).sort(byRelevance) };
    },

    personSummary: async ({ personId }: { personId: string }, ctx: RequestContext) => {
      const person = await loadPersonFacts(deps, ctx.caller, personId, factTypes);
      const { rows: _rows, facts, ...rest } = person;
      return {
        ...rest,
        factCount: facts.length,
        groups: groupByType(facts, factTypes),
        contradictions: facts.filter((f) => f.contradicts.length > 0),
      };
    },

    personTimeline: async (args: { personId: string; factTypes: unknown; startDate: unknown; endDate: unknown; asOf: string | null }, ctx: RequestContext) => {
      const personId = args.personId;
      const types = typesArg("personTimeline.factTypes", args.factTypes, TIMELINE_TYPES);
      const startDate = dateArg("personTimeline.startDate", args.startDate);
      const endDate = dateArg("personTimeline.endDate", args.endDate);
      const asOf = args.asOf ? new Date(args.asOf) : null;
      const person = await loadPersonFacts(deps, ctx.caller, personId, types);
      const kept = person.rows.map((row, i) => ({ row, fact: person.facts[i]! })).filter(({ row }) => !asOf || isValidAt(row, asOf));
      const sorted = timeline(kept.map((k) => k.row), kept.map((k) => k.fact), startDate, endDate);
      return { personId, found: person.found, name: person.name, timeline: sorted };
    },
  };
}
