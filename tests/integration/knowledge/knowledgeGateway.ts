import { randomUUID } from "node:crypto";
import type { Caller, Role } from "../../../src/auth/caller.js";
import { signToken } from "../../../src/auth/tokens.js";
import { startTestGateway, testConfig, type GraphQLResponse, type TestGateway } from "../../support/testGateway.js";

/** A token-mode gateway whose clock a test can move forward, and callers of a tenant of the run's own. */
export interface KnowledgeGateway {
  gw: TestGateway;
  tenant: string;
  caller(suffix: string, roles?: Role[]): Caller;
  as<T = Record<string, any>>(caller: Caller, query: string, variables?: Record<string, unknown>): Promise<GraphQLResponse<T>>;
  /** Moves the gateway's clock this far ahead of the system clock (0: back in step). */
  advanceClock(ms: number): void;
  cleanUp(): Promise<void>;
}

export async function startKnowledgeGateway(): Promise<KnowledgeGateway> {
  const secret = `test-secret-${randomUUID()}-${randomUUID()}`;
  let offset = 0;
  const gw = await startTestGateway(
    testConfig({ auth: { mode: "token", jwtSecret: secret, jwksUrl: undefined, issuer: undefined, audience: undefined, tokenTtlSeconds: 900 } }),
    { now: () => new Date(Date.now() + offset) },
  );
  const run = randomUUID().slice(0, 8);
  const tenant = `knowledge-${run}`;
  return {
    gw,
    tenant,
    caller: (suffix, roles = ["agent"]) => ({ tenantId: tenant, agentId: `${suffix}-${run}`, roles }),
    async as(caller, query, variables = {}) {
      const token = await signToken(secret, caller, 3600, { issuer: undefined, audience: undefined });
      const res = await fetch(gw.url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      return (await res.json()) as GraphQLResponse<never>;
    },
    advanceClock: (ms) => {
      offset = ms;
    },
    async cleanUp() {
      await gw.driver.executeQuery("MATCH (n) WHERE n.tenantId = $tenant DETACH DELETE n", { tenant });
    },
  };
}

/**
 * Waits until the embedding worker has embedded every node of the run's
 * tenant (their vectors take part in memoryQuery), checking twice a second.
 */
export async function embedded(t: KnowledgeGateway, timeoutMs = 170_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    t.gw.app.embeddings.wake();
    const { records } = await t.gw.driver.executeQuery("MATCH (n) WHERE n.tenantId = $tenant AND n.embeddingStatus = 'PENDING' RETURN collect(labels(n)[0]) AS pending", { tenant: t.tenant });
    const pending = (records[0]?.get("pending") as string[] | undefined) ?? [];
    if (pending.length === 0) return;
    if (Date.now() > deadline) throw new Error(`nodes of the tenant still waiting for their embedding: ${pending.join(", ")}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}
