import WebSocket from "ws";
import { MnemographClient, RegisterAgentDocument, type MnemographClientOptions } from "@mnemograph/client";
import type { Role } from "../../../src/core/caller.js";
import { testConfig } from "../../support/testGateway.js";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

/** A field with a tight rate budget, so a test can provoke a real RATE_LIMITED. */
export const RATE_LIMITED_FIELD = "peopleByName";
export const RATE_LIMIT_PER_MINUTE = 2;

const CREATE_KEY = `mutation ($agentId: ID!, $roles: [Role!]!) { createApiKey(agentId: $agentId, roles: $roles, name: "client test") { key } }`;

/** A token gateway (its own tenant, no LLM) whose `peopleByName` allows two calls a minute. */
export async function startClientGateway(): Promise<TokenGateway> {
  const base = testConfig().limits;
  return startTokenGateway({
    tenantPrefix: "client",
    config: { llm: null, limits: { ...base, rateLimits: { defaultPerMinute: 600, perField: { [RATE_LIMITED_FIELD]: RATE_LIMIT_PER_MINUTE } } } },
  });
}

/** An API key of the test's tenant for `agentId`, created by the tenant's admin as an operator would. */
export async function apiKeyFor(tg: TokenGateway, agentId: string, roles: Role[] = ["agent"]): Promise<string> {
  const admin = tg.caller("key-admin", ["agent", "admin"]);
  const res = await tg.as<{ createApiKey: { key: string } }>(admin, CREATE_KEY, { agentId, roles: roles.map((r) => r.toUpperCase()) });
  if (!res.data) throw new Error(JSON.stringify(res.errors));
  return res.data.createApiKey.key;
}

/** A client of the gateway as a user writes it: the GraphQL URL and an API key (ws for the feed on Node 20). */
export function clientOf(tg: TokenGateway, apiKey: string, options: Partial<MnemographClientOptions> = {}): MnemographClient {
  return new MnemographClient({ url: tg.gw.url, apiKey, webSocketImpl: WebSocket, ...options });
}

/** A fetch that counts the API key exchanges the client makes. */
export function countingFetch() {
  const exchanges: string[] = [];
  const counted: typeof fetch = (input, init) => {
    if (String(input).endsWith("/auth/token")) exchanges.push(new Date().toISOString());
    return fetch(input, init);
  };
  return { fetch: counted, exchanges };
}

/** A client of a new API key for `agentId` whose agent has registered itself (createAgents), as an agent does once. */
export async function registeredClient(tg: TokenGateway, agentId: string, role: string, roles: Role[] = ["agent"]): Promise<MnemographClient> {
  const client = clientOf(tg, await apiKeyFor(tg, agentId, roles));
  await client.request(RegisterAgentDocument, { id: agentId, name: agentId, role });
  return client;
}
