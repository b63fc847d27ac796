import { z } from "zod";
import type { Caller } from "../../core/caller.js";
import { mayRunCypher, runReadOnlyCypher, type CypherDeps } from "../../cypherTool/index.js";
import { CYPHER_QUERY_TOOL } from "../../cypherTool/tools.js";
import type { RetrievalTool } from "./retrievalTools.js";

/**
 * The knowledge agent's cypher_query as a loop tool: offered only to callers allowed to
 * run Cypher (CYPHER_TOOL: every agent, scoped, by default); refusals (writes,
 * procedures, time limit) go back to the model as tool errors. The tool is
 * built once, so its JSON schema is converted once (see toolJsonSchema);
 * the returned function says per caller whether it is offered.
 */
export function cypherQueryTools(deps: CypherDeps): (caller: Caller) => RetrievalTool[] {
  const tool: RetrievalTool = {
    name: CYPHER_QUERY_TOOL.name,
    description:
      "Read-only Cypher for what the other tools cannot answer (5 s limit, at most 100 rows), over what you may read in your tenant. People are (:Person {id, name}); facts are relationships such as WORKS_AT, HAS_SKILL, LIVES_IN with confidence and evidence. Writes, procedures, APOC and variable-length -[*]-> are refused (use ((a)-[:R]->(b)){1,3}).",
    input: z.strictObject({ query: z.string().min(1).max(5000), params: z.record(z.string(), z.unknown()).optional() }) as unknown as z.ZodType<Record<string, unknown>>,
    run: async (args, { ctx }) => runReadOnlyCypher(deps, ctx.caller, { query: args.query, params: args.params }),
  };
  return (caller) => (mayRunCypher(deps.cypherTool, caller) ? [tool] : []);
}
