import type { Command } from "commander";
import { ConfigError, loadConfig } from "../../config/config.js";
import { mintAdminToken, mintOperatorToken, OperatorTokenError } from "../../auth/mintOperatorToken.js";
import { gatewayClient } from "../../mcp/gatewayClient.js";
import { CliError, ExitCode } from "./exitCodes.js";
import { emit, type OutputOptions } from "./output.js";

interface TokenOptions extends OutputOptions {
  url?: string;
  apiKey?: string;
  operator?: boolean;
  admin?: boolean;
  agent?: string;
  tenant?: string;
  ttl?: string;
}

async function signedToken(options: TokenOptions): Promise<string> {
  const ttlSeconds = options.ttl === undefined ? undefined : Number(options.ttl);
  try {
    if (options.admin) {
      if (!options.tenant) throw new CliError("--admin needs --tenant: the tenant whose admin the token is", ExitCode.USAGE);
      return await mintAdminToken(loadConfig(), { agentId: options.agent, tenantId: options.tenant, ttlSeconds });
    }
    return await mintOperatorToken(loadConfig(), { agentId: options.agent, tenantId: options.tenant, ttlSeconds });
  } catch (err) {
    if (err instanceof OperatorTokenError || err instanceof ConfigError) throw new CliError(err.message, ExitCode.USAGE);
    throw err;
  }
}

async function apiKeyToken(options: TokenOptions): Promise<string> {
  if (!options.url) throw new CliError("--api-key needs --url (MNEMOGRAPH_URL): the gateway exchanges it", ExitCode.USAGE);
  const client = gatewayClient({ url: options.url, apiKey: options.apiKey });
  try {
    return (await client.headers()).authorization!.replace(/^Bearer /, "");
  } catch (err) {
    throw new CliError((err as Error).message, ExitCode.FAILED, "UNAUTHENTICATED");
  }
}

async function token(options: TokenOptions): Promise<void> {
  const kinds = [options.apiKey, options.operator, options.admin].filter(Boolean).length;
  if (kinds !== 1) throw new CliError("give one of --api-key (with --url), --operator or --admin --tenant T", ExitCode.USAGE);
  const value = options.apiKey ? await apiKeyToken(options) : await signedToken(options);
  emit(options, { token: value }, value);
}

/** `mnemograph token`: a bearer token, for an API key (exchanged at the gateway), or for the operator or a tenant's admin (signed here). */
export function tokenCommand(program: Command): void {
  program
    .command("token")
    .description("print a bearer token: an API key's (exchanged at --url), the operator's (--operator) or a tenant admin's (--admin), the last two signed with the gateway's secret")
    .option("--url <url>", "the gateway's GraphQL endpoint (MNEMOGRAPH_URL)", process.env.MNEMOGRAPH_URL)
    .option("--api-key <key>", "exchange this API key for a token (MNEMOGRAPH_API_KEY)", process.env.MNEMOGRAPH_API_KEY)
    .option("--operator", "a token for the gateway's operator (reads JWT_SECRET or the local secret, as npm run operator-token)")
    .option("--admin", "a token for an admin of --tenant (the tenant's first credential where JWT_SECRET is set, e.g. in a container), signed with the gateway's secret")
    .option("--agent <id>", "--operator / --admin: the agent id (default operator / admin)")
    .option("--tenant <id>", "--operator: the operator's tenant; --admin: the tenant (required)")
    .option("--ttl <seconds>", "--operator / --admin: lifetime in seconds (default 900, at most a day)")
    .option("--json", "print { token } as JSON")
    .action(token);
}
