import { isAllowedFunction, isAllowedProcedure, isScopedFunction } from "./cypherAllowlist.js";
import { CypherRefusedError, type CypherRefusal } from "./CypherRefusedError.js";
import { findCypherCalls } from "./findCypherCalls.js";
import { CypherLexError, tokenizeCypher } from "./tokenizeCypher.js";

/** The part of a driver plan this check reads (neo4j-driver's `Plan`). */
export interface PlanNode {
  operatorType: string;
  arguments: Record<string, unknown>;
  children: readonly PlanNode[];
}

const FIELD = "cypherQuery.query";

const QUERY_TYPES: Record<string, string> = { rw: "reads and writes", w: "writes", s: "changes the schema or the system" };

/** Operators that reach outside one read transaction of the graph, whatever the query type says. */
function refusedOperator(operator: string): [CypherRefusal, string] | null {
  if (operator === "LoadCSV") return ["LOAD_CSV", "LOAD CSV reads files and URLs outside the graph"];
  if (operator.startsWith("Transaction")) return ["IN_TRANSACTIONS", "CALL { … } IN TRANSACTIONS commits on its own"];
  if (operator === "AdministrationCommand" || /^(Show|Terminate)/.test(operator)) return ["ADMINISTRATION", "administration commands are not queries of the graph"];
  return null;
}

/** Procedure and function calls in an operator's details (`db.labels() :: (label :: STRING)`); strings there are inert. */
function callsOf(operator: string, details: unknown) {
  if (typeof details !== "string") return [];
  try {
    return findCypherCalls(tokenizeCypher(operator === "ProcedureCall" ? `CALL ${details}` : details));
  } catch (err) {
    // Details are Cypher-like text, not always whole; the static screen has already read the query itself.
    if (err instanceof CypherLexError) return [];
    throw err;
  }
}

/** What a plan may call: the operator's allowlist, or a tenant's agent's narrower one. */
export interface CallAllowlist {
  procedure: (name: string) => boolean;
  function: (name: string) => boolean;
}

export const OPERATOR_CALLS: CallAllowlist = { procedure: isAllowedProcedure, function: isAllowedFunction };
/** A tenant's agent calls no procedure and only Cypher's own functions over values. */
export const SCOPED_CALLS: CallAllowlist = { procedure: () => false, function: isScopedFunction };

/**
 * The second lock of `cypherQuery`: what Neo4j's own EXPLAIN says about the
 * query. Refuses unless the query type is `r` (read only), and refuses plans
 * with LOAD CSV, IN TRANSACTIONS, administration operators, or calls outside
 * the allowlist (the operator's, or for a tenant's agent the scoped one). It
 * reads the plan, not the text, so no spelling of a name gets past it.
 * Throws CypherRefusedError. Pure.
 */
export function checkCypherPlan(queryType: string | undefined, plan: PlanNode | false | undefined, allowed: CallAllowlist = OPERATOR_CALLS): void {
  if (queryType !== "r") {
    const what = QUERY_TYPES[queryType ?? ""] ?? `is of type "${String(queryType)}"`;
    throw new CypherRefusedError("WRITE", `${FIELD} must only read: Neo4j's EXPLAIN says the query ${what}`);
  }
  const pending: PlanNode[] = plan ? [plan] : [];
  while (pending.length > 0) {
    const node = pending.pop()!;
    const operator = node.operatorType.split("@")[0]!;
    const refused = refusedOperator(operator);
    if (refused) throw new CypherRefusedError(refused[0], `${FIELD} was refused: ${refused[1]}`);
    for (const call of callsOf(operator, node.arguments.Details)) {
      if (!(call.kind === "procedure" ? allowed.procedure(call.name) : allowed.function(call.name))) {
        throw new CypherRefusedError(call.kind === "procedure" ? "PROCEDURE" : "FUNCTION", `${FIELD} may not call the ${call.kind} ${call.name} (see docs/cypher-tool.md)`);
      }
    }
    pending.push(...node.children);
  }
}
