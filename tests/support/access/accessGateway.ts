import type { GraphQLSchema } from "graphql";
import { loadGeneratedSchema } from "../../../scripts/generatedSchema.js";
import { extractRules, type RuleTable } from "../../../src/schema/inputRules.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";
import { startTestGateway, testConfig, type TestGateway } from "../testGateway.js";
import { AccessClient } from "./accessClient.js";
import { planMatrix, type InterfacePlan, type TypePlan } from "./accessPlan.js";
import { classifyRootFields, type RootField } from "./classifyRootFields.js";
import type { Cast } from "./personas.js";
import { StoredNodes } from "./storedNodes.js";

/** The schema as the gateway builds it, classified: what the access tests are generated from. */
export interface AccessSchema {
  schema: GraphQLSchema;
  rules: RuleTable;
  roots: RootField[];
  types: TypePlan[];
  interfaces: InterfacePlan[];
}

export async function loadAccessSchema(): Promise<AccessSchema> {
  const schema = await loadGeneratedSchema();
  const roots = classifyRootFields(schema);
  return { schema, rules: extractRules(loadTypeDefs().document), roots, ...planMatrix(schema, roots) };
}

export interface AccessGateway {
  gw: TestGateway;
  client: AccessClient;
  stored: StoredNodes;
}

/**
 * A gateway in token mode verifying HS256 tokens signed with `secret`, with
 * per-agent rates lifted: one persona sends hundreds of requests a minute here,
 * and RATE_LIMITED is neither an allow nor a deny. Depth and cost limits stay.
 */
export async function startAccessGateway(secret: string, cast: Cast): Promise<AccessGateway> {
  const config = testConfig({
    auth: { mode: "token", jwtSecret: secret, jwksUrl: undefined, issuer: undefined, audience: undefined, tokenTtlSeconds: 900 },
  });
  config.limits = { ...config.limits, rateLimits: { ...config.limits.rateLimits, defaultPerMinute: 1_000_000 } };
  const gw = await startTestGateway(config);
  return { gw, client: new AccessClient(gw.url), stored: new StoredNodes(gw.driver, [cast.tenants.home, cast.tenants.other]) };
}

/** Fresh strings `u12-<run>`: none is a prefix of another, so finding one in a response means finding exactly it. */
export function uniqueStrings(run: string): () => string {
  let counter = 0;
  return () => `u${++counter}-${run}`;
}
