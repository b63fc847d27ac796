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
