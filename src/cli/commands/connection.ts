import { existsSync, readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import type { Command } from "commander";
import { findRunningGateway, localUrl } from "../../app/gatewayFile.js";
import type { Config } from "../../config/config.js";
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
    .option("--url <url>", "the gateway's GraphQL endpoint (MNEMOGRAPH_URL); without it, the gateway serving this user's data (mnemograph serve), else the embedded default started in this process", process.env.MNEMOGRAPH_URL)
    .option("--token <token>", "a bearer token (MNEMOGRAPH_TOKEN)", process.env.MNEMOGRAPH_TOKEN)
    .option("--api-key <key>", "an API key, exchanged for tokens and renewed (MNEMOGRAPH_API_KEY)", process.env.MNEMOGRAPH_API_KEY)
    .option("--as <agent>", "the agent to act as when the gateway runs with MNEMOGRAPH_AUTH=off (MNEMOGRAPH_AGENT)", process.env.MNEMOGRAPH_AGENT);
}

/**
 * A client of the gateway at --url with the given credentials; without --url, of the
 * gateway already serving this user's embedded data (app/gatewayFile.ts), or of the
 * embedded default started here as `mnemograph serve` would start it (close() stops it).
 * Never a second embedded gateway on a data directory or port that is taken: that is
 * said at once. A local gateway's own token (its `local-token`) is used when no
 * credentials are given.
 */
/** The environment's config for a command that runs the gateway itself; a bad setting is a usage error (exit 2). Imported lazily: a client of a remote gateway does not load it. */
export async function loadCliConfig() {
  const { loadConfig, ConfigError } = await import("../../config/config.js");
  try {
    return loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) throw new CliError(err.message, 2);
    throw err;
  }
}

export async function connect(options: ConnectionOptions): Promise<Connection> {
  let url = options.url;
  let close = async () => {};
  let token = options.token;
  if (!url) {
    // Imported only here: a client of a remote gateway does not load the gateway.
    const config = await loadCliConfig();
    url = await runningGatewayUrl(config);
    if (!url) {
      await refuseTakenPort(config.host, config.port);
      const { createLogger } = await import("../../logging/logger.js");
      const { startApp } = await import("../../app/startApp.js");
      const app = await startApp(config, createLogger({ logLevel: "warn" }, { toStderr: true }));
      url = app.gateway.url;
      close = () => app.stop();
    }
    // Only a gateway that made its own secret has a local token (a JWT_SECRET's gateway has none, an old file would be refused).
    const signsItsOwn = config.auth.mode === "token" && !config.auth.jwtSecret && !config.auth.jwksUrl;
    if (!token && !options.apiKey && !options.as && signsItsOwn) token = localToken(config.home);
  }
  const client = gatewayClient({ url, token, apiKey: options.apiKey, agent: options.as });
  return { client, url, close };
}

/** The URL of the gateway serving this user's embedded data, if one answers; an error if one runs but does not. */
async function runningGatewayUrl(config: Config): Promise<string | undefined> {
  if (config.neo4j.uri) return undefined;
  const running = await findRunningGateway(config.neo4j.dataDir);
  if (running.state === "answering") return running.record.url;
  if (running.state === "silent") {
    const { pid, url, dataDir } = running.record;
    throw new CliError(`The data directory ${dataDir} is in use by a gateway (pid ${pid}) that does not answer at ${url} yet: wait for it to be ready, or pass --url`, 1);
  }
  return undefined;
}

/** Refuses at once, before a minute of start-up, when the port the embedded default would listen on is taken. */
async function refuseTakenPort(host: string, port: number): Promise<void> {
  if (port === 0) return;
  const taken = await new Promise<boolean>((resolve) => {
    const probe = net.createServer();
    probe.once("error", () => resolve(true));
    probe.listen(port, host, () => probe.close(() => resolve(false)));
  });
  if (taken) {
    throw new CliError(
      `Port ${port} on ${host} is taken by another process, and no gateway of this data directory runs: if it is a Mnemograph gateway, pass --url ${localUrl(host, port)}; otherwise set PORT`,
      1,
    );
  }
}

/** The admin token a loopback gateway without JWT_SECRET wrote in the user's folder (auth/setupAuth.ts), if any. */
function localToken(home: string): string | undefined {
  const file = path.join(home, "local-token");
  return existsSync(file) ? readFileSync(file, "utf8").trim() || undefined : undefined;
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
