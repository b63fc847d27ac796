/**
 * `npm run operator-token [-- --agent <id>] [--tenant <id>] [--ttl <seconds>]`:
 * prints a token for the gateway's operator, the one caller that may run
 * `cypherQuery` (raw Cypher reads every tenant). It reads the gateway's
 * configuration (JWT_SECRET, or the local secret on loopback), so only whoever
 * holds the gateway's secret can run it. See docs/security.md.
 */
import { parseArgs } from "node:util";
import { loadConfig } from "../config/config.js";
import { mintOperatorToken, OperatorTokenError } from "../auth/mintOperatorToken.js";

try {
  const { values } = parseArgs({ options: { agent: { type: "string" }, tenant: { type: "string" }, ttl: { type: "string" } }, strict: true });
  const ttlSeconds = values.ttl === undefined ? undefined : Number(values.ttl);
  const token = await mintOperatorToken(loadConfig(), { agentId: values.agent, tenantId: values.tenant, ttlSeconds });
  process.stdout.write(`${token}\n`);
} catch (err) {
  if (!(err instanceof OperatorTokenError) && !(err instanceof TypeError)) throw err;
  process.stderr.write(`operator-token: ${err.message}\n`);
  process.exitCode = 1;
}
