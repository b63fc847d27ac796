import type { Driver } from "../graph/driver.js";
import type { KnowledgeWriteRunner } from "../feed/index.js";
import type { WriteEvent } from "../core/writeEvents.js";
import type { Resolvers } from "../generated/resolvers-types.js";
import type { CypherFieldHooks } from "../core/cypherFieldHook.js";

/**
 * A gateway's own part of the schema: its resolvers' implementations, its driver, its write
 * hooks. The schema reads them from the request's context, so a process builds the executable
 * schema once for every gateway it starts (the test suite's workers start dozens, and a build is
 * seconds of CPU) and each request runs against its own gateway's binding.
 */
export interface SchemaBinding {
  resolvers: Resolvers;
  /** What this gateway wraps around the SDL's @cypher root fields, by field (core/cypherFieldHook.ts). */
  cypherHooks: CypherFieldHooks;
  driver: Driver;
  database: string;
  /** @neo4j/graphql's execution context for generated reads: auto-commit statements (readQuery.ts). */
  reads: object;
  /** @neo4j/graphql's execution context for generated creates: committed together with the creates beside them (graph/groupCommit.ts). */
  creates: object;
  onWrite: (event: WriteEvent) => void;
  feedWrites: KnowledgeWriteRunner;
  poolThreshold: number;
}

/** The context entries a request needs for the schema: the binding, and the driver @neo4j/graphql runs on. */
export function schemaContext(binding: SchemaBinding): { schemaBinding: SchemaBinding; executionContext: Driver } {
  return { schemaBinding: binding, executionContext: binding.driver };
}

/** The binding a request's context carries; a context without one is a wiring error, said at once. */
export function bindingOf(context: unknown): SchemaBinding {
  const binding = (context as { schemaBinding?: SchemaBinding } | undefined)?.schemaBinding;
  if (!binding) throw new Error("The request's context has no schema binding: contexts come from the gateway's context factory (src/server/context.ts), or spread schemaContext(built.binding)");
  return binding;
}
