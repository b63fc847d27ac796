import { z } from "zod";
import { BadUserInputError } from "../errors/errors.js";
import type { RequestContext } from "./requestContext.js";

/**
 * What a domain wraps around a root field that @neo4j/graphql runs from its
 * `@cypher` statement (schema/*.graphql): `run` executes the statement and
 * its projection with the context given, so a hook can hand it a transaction
 * the gateway holds (`executionContext`) and values of the gateway's own
 * (`cypherParams`: its clock, an id), then do in the same transaction what
 * Cypher cannot (number feed events) and turn the statement's refusals into
 * typed errors. The statement stays the field's one source.
 */
export type CypherFieldHook = (run: (context: object) => Promise<unknown>, args: Record<string, unknown>, context: RequestContext) => Promise<unknown>;

/** Hooks by root field name (`transitionWorkflowImprovement`). */
export type CypherFieldHooks = Readonly<Record<string, CypherFieldHook>>;

/**
 * How a @cypher statement refuses an input it can only judge in the graph (an
 * unknown channel): `CALL apoc.util.validate(<refused>, 'MNEMOGRAPH_BAD_INPUT %s',
 * [apoc.convert.toJson({field: '<Field.arg>', message: '<what is wrong>'})])`.
 * The statement fails, nothing is read or written, and the field's hook
 * (inputRefusal) answers BAD_USER_INPUT naming the argument.
 */
export const BAD_INPUT = "MNEMOGRAPH_BAD_INPUT";

const REFUSAL = z.object({ field: z.string(), message: z.string() });

/**
 * The JSON description a statement put after `marker` when it failed itself
 * through apoc.util.validate (`'<marker> %s', [apoc.convert.toJson(…)]`), as
 * found in the driver's error message; null when `err` is no such refusal.
 */
export function statementRefusal(err: unknown, marker: string): unknown {
  const message = (err as { message?: unknown } | null)?.message;
  const match = typeof message === "string" ? new RegExp(`${marker} (\\{.*\\})`, "s").exec(message) : null;
  return match ? (JSON.parse(match[1]!) as unknown) : null;
}

/** The BAD_USER_INPUT of a statement's BAD_INPUT refusal, or null when `err` is none. */
export function inputRefusal(err: unknown): BadUserInputError | null {
  const described = statementRefusal(err, BAD_INPUT);
  if (described === null) return null;
  const refusal = REFUSAL.parse(described);
  return new BadUserInputError(refusal.message, refusal.field);
}
