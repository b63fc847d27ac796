import type { Command } from "commander";
import { ConfigError, loadConfig } from "../../config/config.js";
import { mintOperatorToken, OperatorTokenError } from "../../auth/mintOperatorToken.js";
import { gatewayClient } from "../../mcp/gatewayClient.js";
import { CliError, ExitCode } from "./exitCodes.js";
import { emit, type OutputOptions } from "./output.js";

interface TokenOptions extends OutputOptions {
  url?: string;
  apiKey?: string;
  operator?: boolean;
  agent?: string;
  tenant?: string;
  ttl?: string;
}

async function operatorToken(options: TokenOptions): Promise<string> {
  try {
    return await mintOperatorToken(loadConfig(), { agentId: options.agent, tenantId: options.tenant, ttlSeconds: options.ttl === undefined ? undefined : Number(options.ttl) });
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
  if (options.operator === Boolean(options.apiKey)) throw new CliError("give either --api-key (with --url) or --operator", ExitCode.USAGE);
  const value = options.operator ? await operatorToken(options) : await apiKeyToken(options);
  emit(options, { token: value }, value);
}

/** `mnemograph token`: a bearer token, for an API key (exchanged at the gateway) or for the operator (signed here). */
export function tokenCommand(program: Command): void {
  program
    .command("token")
    .description("print a bearer token: an API key's (exchanged at --url), or the operator's (--operator, signed with the gateway's secret)")
    .option("--url <url>", "the gateway's GraphQL endpoint (MNEMOGRAPH_URL)", process.env.MNEMOGRAPH_URL)
    .option("--api-key <key>", "exchange this API key for a token (MNEMOGRAPH_API_KEY)", process.env.MNEMOGRAPH_API_KEY)
    .option("--operator", "a token for the gateway's operator (reads JWT_SECRET or the local secret, as npm run operator-token)")
    .option("--agent <id>", "--operator: the operator's agent id")
    .option("--tenant <id>", "--operator: the operator's tenant")
    .option("--ttl <seconds>", "--operator: lifetime in seconds")
    .option("--json", "print { token } as JSON")
    .action(token);
}
