import { MnemographClient, type KnowledgeFeed } from "@mnemograph/client";
import WebSocket from "ws";
import type { GraphQLResult, RunOperation } from "./mcpServer.js";
import type { EnumValues } from "./tools.js";

export interface GatewayClientOptions {
  /** The gateway's GraphQL endpoint, e.g. http://localhost:4000/graphql. */
  url: string;
  /** A bearer token. */
  token?: string;
  /** An API key (mk_…), exchanged at /auth/token for a token that is renewed before it expires. */
  apiKey?: string;
  /** With authentication off (loopback only): the agent to act as. */
  agent?: string;
}

export interface GatewayClient {
  run: RunOperation;
  /** The credentials of the next request (an API key's token renewed when due), for a WebSocket too. */
  headers(): Promise<Record<string, string>>;
  /** Whether the token says the caller is the gateway's operator, or undefined when unknown (no token): the gateway decides. */
  operator(): Promise<boolean | undefined>;
  /** An agent's knowledge feed with these credentials, resubscribing with its cursor for as long as it is open. */
  knowledgeFeed(agentId: string): KnowledgeFeed;
}

/**
 * A GraphQL client of a gateway over HTTP, for the stdio MCP server and the CLI: a
 * MnemographClient (@mnemograph/client), so the API key → token exchange and
 * its renewal have one implementation. No retries: a tool reports RATE_LIMITED
 * to the agent, which decides whether to wait.
 */
export function gatewayClient(options: GatewayClientOptions): GatewayClient {
  const client = new MnemographClient({ ...options, retry: { maxAttempts: 1 }, webSocketImpl: WebSocket });
  return {
    run: (document, variables) => client.execute(document, variables),
    headers: () => client.tokens.headers(),
    async operator() {
      const claims = await client.tokens.claims();
      return claims ? claims.operator === true : undefined;
    },
    knowledgeFeed: (agentId) => client.knowledgeFeed({ agentId, maxReconnects: Infinity }),
  };
}

const ENUMS = /* GraphQL */ `
  query McpEnums {
    __schema {
      types {
        name
        kind
        enumValues {
          name
        }
      }
    }
  }
`;

/** The gateway's enums by introspection; none when introspection is off (production): the gateway still checks every value. */
export async function remoteEnums(client: GatewayClient): Promise<EnumValues> {
  const result = await client.run(ENUMS, {}).catch(() => ({ data: null }) as GraphQLResult);
  const types = ((result.data?.__schema as { types?: { name: string; kind: string; enumValues: { name: string }[] | null }[] } | undefined)?.types ?? []).filter((t) => t.kind === "ENUM");
  const byName = new Map(types.map((t) => [t.name, (t.enumValues ?? []).map((v) => v.name)]));
  return (name) => byName.get(name);
}
