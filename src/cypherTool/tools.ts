import { CypherQueryDocument } from "@mnemograph/client";
import { READ, declareAgentTool } from "../core/agentTool.js";

/** cypher_query, declared once beside Query.cypherQuery (core/agentTool.ts); the retrieveContext loop offers it under the same name. */
export const CYPHER_QUERY_TOOL = declareAgentTool({
  name: "cypher_query",
  field: "cypherQuery",
  title: "Read-only Cypher",
  description:
    "Run one read-only Cypher query. An agent's query reads only what it may read in its tenant (every node pattern is confined; no procedures, no APOC, no variable-length -[*]->: use quantified path patterns); the gateway's operator reads the whole graph. Give parameters as a JSON object text.",
  describe: { query: "One read-only Cypher statement.", params: "Its parameters as a JSON object text.", limit: "Most rows returned; default 100." },
  document: String(CypherQueryDocument),
  ranges: { limit: [1] },
  hints: READ,
  cypherAccess: true,
  render: (r) => [`${r.rowCount} rows${r.truncated ? " (truncated)" : ""}: ${r.columns.join(", ")}`, ...r.rows.slice(0, 20).map((x) => String(x))].join("\n"),
});

export const CYPHER_AGENT_TOOLS = [CYPHER_QUERY_TOOL];
