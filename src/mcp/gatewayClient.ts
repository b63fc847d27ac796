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
}

/** Renew this long before the token expires. */
const RENEW_MARGIN_MS = 30_000;

/** The claims of a JWT, read without verifying it: only to decide which tools to list. The gateway verifies. */
function claimsOf(token: string): Record<string, unknown> {
  try {
    return JSON.parse(Buffer.from(token.split(".")[1] ?? "", "base64url").toString("utf8")) as Record<string, unknown>;
  } catch {
    return {};
  }
}

/** A GraphQL client of a gateway over HTTP, for the stdio MCP server. */
export function gatewayClient(options: GatewayClientOptions): GatewayClient {
  let token = options.token;
  let renewAt = Infinity;

  async function exchange(): Promise<void> {
    const response = await fetch(new URL("/auth/token", options.url), { method: "POST", headers: { authorization: `ApiKey ${options.apiKey}` } });
    const body = (await response.json()) as { access_token?: string; expires_in?: number; errors?: { message: string }[] };
    if (!response.ok || !body.access_token) throw new Error(`The API key was refused (${response.status}): ${body.errors?.[0]?.message ?? "no token"}`);
    token = body.access_token;
    renewAt = Date.now() + (body.expires_in ?? 0) * 1000 - RENEW_MARGIN_MS;
  }

  async function headers(): Promise<Record<string, string>> {
    if (options.apiKey && (!token || Date.now() >= renewAt)) await exchange();
    if (token) return { authorization: `Bearer ${token}` };
    return options.agent ? { "x-mnemograph-agent": options.agent } : {};
  }

  async function post(document: string, variables: Record<string, unknown>): Promise<GraphQLResult> {
    const response = await fetch(options.url, {
      method: "POST",
      headers: { "content-type": "application/json", ...(await headers()) },
      body: JSON.stringify({ query: document, variables }),
    });
    return (await response.json()) as GraphQLResult;
  }

  return {
    headers,
    async run(document, variables) {
      const result = await post(document, variables);
      // A token revoked or expired early: an API key can get a new one, once.
      if (options.apiKey && result.errors?.some((e) => e.extensions?.code === "UNAUTHENTICATED")) {
        await exchange();
        return post(document, variables);
      }
      return result;
    },
    async operator() {
      if (options.apiKey && !token) await exchange();
      return token ? claimsOf(token).operator === true : undefined;
    },
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
