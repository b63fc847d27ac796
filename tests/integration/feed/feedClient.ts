import { randomUUID } from "node:crypto";
import type { Driver } from "neo4j-driver";
import neo4j from "neo4j-driver";
import type { Caller } from "../../../src/core/caller.js";
import { signOperatorToken, signToken } from "../../../src/auth/tokens.js";
import { testConfig } from "../../support/testGateway.js";
import { wsClient } from "../../support/wsClient.js";

/** Token mode (with auth off every caller is an admin): one secret shared by every gateway of a test. */
export function feedTestConfig() {
  const secret = `feed-secret-${randomUUID()}-${randomUUID()}`;
  const config = testConfig({ auth: { mode: "token", jwtSecret: secret, jwksUrl: undefined, issuer: undefined, audience: undefined, tokenTtlSeconds: 900 } });
  // The operator's token (for /metrics) is signed as `npm run operator-token` signs it.
  const token = (caller: Caller) => (caller.operator ? signOperatorToken : signToken)(secret, caller, 3600, { issuer: undefined, audience: undefined });
  return { config, token, secret };
}

export const FEED = `subscription ($agentId: ID!, $after: String) {
  knowledgeFeed(agentId: $agentId, after: $after) { mode cursor events { cursor type nodeId nodeType actorAgentId tier payload createdAt } }
}`;

/** FEED with the rules that selected each event, ids and nodes. */
export const FEED_WITH_RULES = FEED.replace("payload createdAt", "payload createdAt selectedByRuleIds selectedBy { id tier }");

export interface Delivery {
  mode: string;
  cursor: string;
  events: {
    cursor: string; type: string; nodeId: string; nodeType: string; actorAgentId: string; tier: string | null; payload: string; createdAt: string;
    /** With FEED_WITH_RULES only. */
    selectedByRuleIds?: string[];
    selectedBy?: { id: string; tier: string }[];
  }[];
}

/** A real graphql-ws subscriber of knowledgeFeed, collecting what it receives. */
export function follow(url: string, token: string, agentId: string, after: string | null, query = FEED) {
  const client = wsClient(url, { authorization: `Bearer ${token}` });
  const deliveries: Delivery[] = [];
  const errors: unknown[] = [];
  const dispose = client.subscribe(
    { query, variables: { agentId, after } },
    {
      next: (v) => {
        if (v.errors) errors.push(...v.errors);
        else deliveries.push((v.data as { knowledgeFeed: Delivery }).knowledgeFeed);
      },
      error: (e) => errors.push(e),
      complete: () => {},
    },
  );
  const nodeIds = () => deliveries.flatMap((d) => d.events.map((e) => e.nodeId));
  return {
    deliveries,
    errors,
    nodeIds,
    /** Resolves once `nodeId` arrived (or an error did); rejects after `ms`. Everything before it in seq order was examined by then. */
    async until(nodeId: string, ms = 10_000) {
      const deadline = Date.now() + ms;
      while (!nodeIds().includes(nodeId) && errors.length === 0) {
        if (Date.now() > deadline) throw new Error(`${agentId} did not receive ${nodeId}; got ${JSON.stringify(nodeIds())}`);
        await new Promise((r) => setTimeout(r, 10));
      }
    },
    async close() {
      dispose();
      await client.dispose();
    },
  };
}

/** The tenant's outbox head as a cursor: "from here", without racing the subscription's start. */
export async function headCursor(driver: Driver, tenantId: string): Promise<string> {
  const { records } = await driver.executeQuery("OPTIONAL MATCH (c:OutboxCounter {tenantId: $tenantId}) RETURN coalesce(c.seq, 0) AS seq", { tenantId });
  return String(neo4j.integer.toNumber(records[0]!.get("seq")));
}

/** A subscription rule for `agentId`, created directly (rules are data: SubscriptionRule nodes); answers its id. */
export async function addRule(
  driver: Driver,
  tenantId: string,
  agentId: string,
  rule: { knowledgeTypes?: string[]; domains?: string[]; minConfidence?: number; delivery?: "IMMEDIATE" | "BATCHED"; batchIntervalSeconds?: number; source?: string },
): Promise<string> {
  const { records } = await driver.executeQuery(
    `MERGE (a:Agent {tenantId: $tenantId, id: $agentId})
     ON CREATE SET a.ownerId = $agentId, a.visibility = 'SHARED', a.sharedWith = [], a.name = $agentId, a.role = 'test', a.createdAt = datetime()
     CREATE (a)-[:HAS_SUBSCRIPTION]->(r:SubscriptionRule {tenantId: $tenantId, id: randomUUID(), ownerId: $agentId, visibility: 'SHARED', sharedWith: [],
       knowledgeTypes: $knowledgeTypes, domains: $domains, minConfidence: $minConfidence, delivery: $delivery, batchIntervalSeconds: $interval, tier: 'DIRECT', createdAt: datetime()})
     WITH r
     OPTIONAL MATCH (s:Agent {tenantId: $tenantId, id: $source})
     FOREACH (_ IN CASE WHEN s IS NULL THEN [] ELSE [1] END | CREATE (r)-[:FROM_AGENT]->(s))
     RETURN r.id AS id`,
    {
      tenantId,
      agentId,
      knowledgeTypes: rule.knowledgeTypes ?? [],
      domains: rule.domains ?? [],
      minConfidence: rule.minConfidence ?? 0,
      delivery: rule.delivery ?? "IMMEDIATE",
      interval: rule.batchIntervalSeconds === undefined ? null : neo4j.int(rule.batchIntervalSeconds),
      source: rule.source ?? null,
    },
  );
  return records[0]!.get("id") as string;
}
