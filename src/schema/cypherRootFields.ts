import { Kind, type DocumentNode, type GraphQLFieldConfig } from "graphql";
import { inputRefusal, type CypherFieldHook } from "../core/cypherFieldHook.js";
import type { RequestContext } from "../core/requestContext.js";
import { bindingOf } from "./schemaBinding.js";

const ROOTS = new Set(["Query", "Mutation"]);

/** The Query and Mutation fields the SDL declares with `@cypher`: @neo4j/graphql runs their statements. */
export function cypherRootFields(document: DocumentNode): ReadonlySet<string> {
  const names = document.definitions.flatMap((def) =>
    (def.kind === Kind.OBJECT_TYPE_DEFINITION || def.kind === Kind.OBJECT_TYPE_EXTENSION) && ROOTS.has(def.name.value)
      ? (def.fields ?? []).filter((f) => f.directives?.some((d) => d.name.value === "cypher")).map((f) => f.name.value)
      : [],
  );
  return new Set(names);
}

/**
 * A @cypher root field's generated resolver inside the hook the request's
 * gateway has for it (its binding's cypherHooks), if any: the hook runs the
 * generated resolver with the context it chooses (core/cypherFieldHook.ts).
 * A statement's refusal of an input (BAD_INPUT) is BAD_USER_INPUT naming the
 * argument, hook or none.
 */
export function withCypherHook<C>(fieldConfig: GraphQLFieldConfig<unknown, C>, fieldName: string): GraphQLFieldConfig<unknown, C> {
  const generated = fieldConfig.resolve;
  if (!generated) throw new Error(`@cypher root field ${fieldName} has no generated resolver`);
  return {
    ...fieldConfig,
    resolve: (source, args, context, info) => {
      const run = async (scoped: C) => {
        try {
          return await generated(source, args, scoped, info);
        } catch (err) {
          throw inputRefusal(err) ?? err;
        }
      };
      const hook: CypherFieldHook | undefined = bindingOf(context).cypherHooks[fieldName];
      return hook ? hook((scoped) => run(scoped as C), args, context as RequestContext) : run(context);
    },
  };
}
