import type { Command } from "commander";
import { call, withConnectionOptions, withGateway, type ConnectionOptions } from "./connection.js";
import { emit, type OutputOptions } from "./output.js";

type Options = ConnectionOptions & OutputOptions;

const INFO = "id agentId roles name prefix createdAt revokedAt lastUsedAt";
const CREATE = `mutation CliCreateApiKey($agentId: ID!, $roles: [Role!]!, $name: String) { createApiKey(agentId: $agentId, roles: $roles, name: $name) { key info { ${INFO} } } }`;
const REVOKE = `mutation CliRevokeApiKey($id: ID!) { revokeApiKey(id: $id) { ${INFO} } }`;
const LIST = `query CliApiKeys { apiKeys { ${INFO} } }`;

interface ApiKeyInfo {
  id: string;
  agentId: string;
  roles: string[];
  name: string | null;
  prefix: string;
  createdAt: string;
  revokedAt: string | null;
}

const line = (k: ApiKeyInfo) => `${k.id}  ${k.prefix}…  ${k.agentId}  ${k.roles.join(",")}  ${k.name ?? ""}  ${k.revokedAt ? `revoked ${k.revokedAt}` : `created ${k.createdAt}`}`;

/** `mnemograph api-key create|revoke|list`: API keys of the caller's tenant (an admin's credentials). */
export function apiKeyCommand(program: Command): void {
  const apiKey = program.command("api-key").description("create, revoke and list API keys of your tenant (needs an admin's token or key)");
  withConnectionOptions(
    apiKey
      .command("create")
      .description("create an API key acting as an agent; the key is printed once")
      .requiredOption("--agent <id>", "the agent the key acts as")
      .option("--roles <roles>", "comma-separated: agent, approver, admin", "agent")
      .option("--name <name>", "what the key is for")
      .option("--json", "print { key, info } as JSON"),
  ).action(async (options: Options & { agent: string; roles: string; name?: string }) => {
    const roles = options.roles.split(",").map((r) => r.trim().toUpperCase()).filter(Boolean);
    const { createApiKey } = await withGateway(options, (c) => call<{ createApiKey: { key: string; info: ApiKeyInfo } }>(c.client, CREATE, { agentId: options.agent, roles, name: options.name ?? null }));
    emit(options, createApiKey, `${createApiKey.key}\n${line(createApiKey.info)}`);
  });
  withConnectionOptions(apiKey.command("revoke").description("revoke an API key by its id").argument("<id>", "the key's id (see list)").option("--json", "print the key's info as JSON")).action(
    async (id: string, options: Options) => {
      const { revokeApiKey } = await withGateway(options, (c) => call<{ revokeApiKey: ApiKeyInfo }>(c.client, REVOKE, { id }));
      emit(options, revokeApiKey, line(revokeApiKey));
    },
  );
  withConnectionOptions(apiKey.command("list").description("list the API keys of your tenant (never the keys themselves)").option("--json", "print the list as JSON")).action(async (options: Options) => {
    const { apiKeys } = await withGateway(options, (c) => call<{ apiKeys: ApiKeyInfo[] }>(c.client, LIST));
    emit(options, apiKeys, apiKeys.length === 0 ? "No API keys." : apiKeys.map(line).join("\n"));
  });
}
