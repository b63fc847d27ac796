import { randomUUID } from "node:crypto";
import type { Caller, Role } from "../../src/core/caller.js";
import type { Config } from "../../src/config/config.js";
import type { Extractor } from "../../src/extraction/index.js";
import { signOperatorToken, signToken } from "../../src/auth/tokens.js";
import { startTestGateway, testConfig, type GraphQLResponse, type TestGateway } from "./testGateway.js";

/** A gateway in token mode, and a way to call it as any agent of a tenant of the test's own. */
export interface TokenGateway {
  gw: TestGateway;
  tenant: string;
  /** The signing secret, for another gateway of the same test on the same Neo4j. */
  secret: string;
  /** A caller of this run's tenant (unique agent id with the given suffix). */
  caller(suffix: string, roles?: Role[]): Caller;
  /** The gateway's operator (npm run operator-token): an agent of this run's tenant with `operator: true`. */
  operator(suffix: string, roles?: Role[]): Caller;
  /** A bearer token for `caller`, valid for an hour; an operator's carries the operator claim. */
  token(caller: Caller): Promise<string>;
  /** Sends one operation with a token for `caller`. */
  as<T = Record<string, any>>(caller: Caller, query: string, variables?: Record<string, unknown>): Promise<GraphQLResponse<T>>;
  /** Removes every node of this run's tenant. */
  cleanUp(): Promise<void>;
  /** Cleans up, then stops the gateway (a test file's afterAll). */
  stop(): Promise<void>;
}

const WORKER_SECRET = `test-secret-${randomUUID()}-${randomUUID()}`;

/**
 * Token mode, because with MNEMOGRAPH_AUTH=off every caller is an admin:
 * tests of who sees what need agents that are not. Each run has its own tenant.
 */
export async function startTokenGateway({
  now,
  tenantPrefix = "tools",
  config = {},
  extractor,
}: {
  now?: () => Date;
  tenantPrefix?: string;
  config?: Partial<Config>;
  /** Turns the extraction worker on with this extractor, for this run's tenant only (other tests' messages stay untouched). */
  extractor?: Extractor;
} = {}): Promise<TokenGateway> {
  // One secret per worker, so that files with the same config share a gateway (testGateway.ts); each run keeps a tenant of its own.
  const secret = now || extractor ? `test-secret-${randomUUID()}-${randomUUID()}` : WORKER_SECRET;
  const run = randomUUID().slice(0, 8);
  const tenant = `${tenantPrefix}-${run}`;
  const base = testConfig();
  const extraction = extractor ? { ...base.extraction, mode: "deterministic" as const, onlyTenants: [tenant], ...(config.extraction ?? {}) } : base.extraction;
  const gw = await startTestGateway(
    testConfig({ ...config, extraction, auth: { mode: "token", jwtSecret: secret, jwksUrl: undefined, issuer: undefined, audience: undefined, tokenTtlSeconds: 900 } }),
    { now, extractor },
  );
  const sign = (caller: Caller) => (caller.operator ? signOperatorToken : signToken)(secret, caller, 3600, { issuer: undefined, audience: undefined });
  const cleanUp = async () => {
    await gw.driver.executeQuery("MATCH (n) WHERE n.tenantId = $tenant DETACH DELETE n", { tenant });
  };
  return {
    gw,
    tenant,
    secret,
    caller: (suffix, roles = ["agent"]) => ({ tenantId: tenant, agentId: `${suffix}-${run}`, roles }),
    operator: (suffix, roles = ["agent"]) => ({ tenantId: tenant, agentId: `${suffix}-${run}`, roles, operator: true }),
    token: sign,
    async as(caller, query, variables = {}) {
      const token = await sign(caller);
      const res = await fetch(gw.url, {
        method: "POST",
        headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
        body: JSON.stringify({ query, variables }),
      });
      return (await res.json()) as GraphQLResponse<never>;
    },
    cleanUp,
    async stop() {
      await cleanUp();
      await gw.stop();
    },
  };
}
