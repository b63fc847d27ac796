import type { Driver } from "neo4j-driver";

/** Game sessions still ACTIVE, over every tenant (the `game_session_status` index), for metrics. */
export async function openSessionCount(driver: Driver, database: string): Promise<number> {
  const { records } = await driver.executeQuery(
    "MATCH (s:GameSession) WHERE s.status = 'ACTIVE' RETURN count(s) AS open",
    {},
    { database, routing: "READ" },
  );
  return Number(records[0]?.get("open") ?? 0);
}
