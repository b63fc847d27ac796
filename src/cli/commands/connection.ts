import type { Command } from "commander";
import { gatewayClient, type GatewayClient } from "../../mcp/gatewayClient.js";
import { CliError } from "./exitCodes.js";

/** How a command reaches a gateway: the options of every command that talks to one. */
export interface ConnectionOptions {
  url?: string;
  token?: string;
  apiKey?: string;
  as?: string;
}

export interface Connection {
  client: GatewayClient;
  url: string;
  close(): Promise<void>;
}

/** Adds --url, --token, --api-key and --as (each also read from its MNEMOGRAPH_* variable). */
export function withConnectionOptions(command: Command): Command {
  return command
    .option("--url <url>", "the gateway's GraphQL endpoint (MNEMOGRAPH_URL); without it, the embedded default starts in this process", process.env.MNEMOGRAPH_URL)
    .option("--token <token>", "a bearer token (MNEMOGRAPH_TOKEN)", process.env.MNEMOGRAPH_TOKEN)
    .option("--api-key <key>", "an API key, exchanged for tokens and renewed (MNEMOGRAPH_API_KEY)", process.env.MNEMOGRAPH_API_KEY)
    .option("--as <agent>", "the agent to act as when the gateway runs with MNEMOGRAPH_AUTH=off (MNEMOGRAPH_AGENT)", process.env.MNEMOGRAPH_AGENT);
}

/**
 * A client of the gateway at --url, with the given credentials (the MCP stdio
 * server's client), or of the embedded default started here when no URL is
 * given, as `npm start` would start it; close() stops what was started.
 */
export async function connect(options: ConnectionOptions): Promise<Connection> {
  let url = options.url;
  let close = async () => {};
  if (!url) {
    // Imported only here: a client of a remote gateway does not load the gateway.
    const { loadConfig, ConfigError } = await import("../../config/config.js");
    const { createLogger } = await import("../../logging/logger.js");
    const { startApp } = await import("../../app/startApp.js");
    let config;
    try {
      config = loadConfig();
    } catch (err) {
      if (err instanceof ConfigError) throw new CliError(err.message, 2);
      throw err;
    }
    const app = await startApp(config, createLogger({ logLevel: "warn" }, { toStderr: true }));
    url = app.gateway.url;
    close = () => app.stop();
  }
  const client = gatewayClient({ url, token: options.token, apiKey: options.apiKey, agent: options.as });
  return { client, url, close };
}

/** Runs `run` over a connection that is closed afterwards. */
export async function withGateway<T>(options: ConnectionOptions, run: (connection: Connection) => Promise<T>): Promise<T> {
  const connection = await connect(options);
  try {
    return await run(connection);
  } finally {
    await connection.close();
  }
}

/** The error of a GraphQL answer, as the gateway coded it. */
export class GatewayRefused extends CliError {
  constructor(
    message: string,
    code: string,
    readonly field?: string,
    /** The gateway's `retryAfterSeconds` (SERVICE_UNAVAILABLE, SERVICE_BUSY, RATE_LIMITED). */
    readonly retryAfterSeconds?: number,
  ) {
    super(`${code}: ${message}`, 1, code);
  }
}

/** A call failed before the gateway answered (connection refused, reset). */
export class GatewayUnreachable extends CliError {}

/** Seconds to wait before trying again, or null when trying again cannot help: for `retrying`. */
export function passingFailure(err: unknown): number | null {
  if (err instanceof GatewayUnreachable) return 1;
  if (err instanceof GatewayRefused && (err.code === "SERVICE_UNAVAILABLE" || err.code === "SERVICE_BUSY" || err.code === "RATE_LIMITED")) return err.retryAfterSeconds ?? 1;
  return null;
}

/** Runs one operation; its data, or GatewayRefused with the first error's code and field. */
export async function call<T = Record<string, unknown>>(client: GatewayClient, document: string, variables: Record<string, unknown> = {}): Promise<T> {
  let result;
  try {
    result = await client.run(document, variables);
  } catch (err) {
    throw new GatewayUnreachable(`The gateway could not be reached: ${(err as Error).message}`);
  }
  const error = result.errors?.[0];
  if (error) {
    const extensions = (error.extensions ?? {}) as { code?: string; field?: string; retryAfterSeconds?: number };
    throw new GatewayRefused(error.message, extensions.code ?? "INTERNAL_SERVER_ERROR", extensions.field, extensions.retryAfterSeconds);
  }
  return result.data as T;
}
