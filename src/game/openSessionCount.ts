import { executor, type GraphTarget } from "../graph/executor.js";
import type { Row } from "../graph/statement.js";

/** Game sessions still ACTIVE, over every tenant (the `game_session_status` index), for metrics. */
export async function openSessionCount(driver: GraphTarget["driver"], database: string): Promise<number> {
  const statement = { cypher: "MATCH (s:GameSession) WHERE s.status = 'ACTIVE' RETURN count(s) AS open", params: {}, decode: (r: Row) => r.number("open") };
  const [open] = await executor({ driver, database }).readTransaction((tx) => tx.run(statement));
  return open ?? 0;
}
