import { z } from "zod";
import { ConfigError, section, variable, wholeNumber } from "../declare.js";
import { HOST, isLoopback } from "./server.js";

export const auth = section({
  title: "Authentication and access",
  summary: "How callers prove who they are, and who may run raw Cypher.",
  variables: {
    auth: {
      mode: variable("MNEMOGRAPH_AUTH", z.enum(["token", "off"]), {
        default: "token",
        doc: "`token`: every request needs a valid JWT; `off` (only with a loopback `HOST`): no tokens, the `x-mnemograph-agent` header names the agent, for one developer",
      }),
      jwtSecret: variable("JWT_SECRET", z.string().min(32, "at least 32 characters"), {
        doc: "HS256 secret that verifies tokens and signs the ones API keys are exchanged for; unset on loopback: a local one",
      }),
      jwksUrl: variable("JWKS_URL", z.string().url(), { doc: "JWKS of an external token issuer (RS256/ES256…), instead of or beside the secret" }),
      issuer: variable("JWT_ISSUER", z.string().min(1), { doc: "the `iss` every token must carry, when set" }),
      audience: variable("JWT_AUDIENCE", z.string().min(1), { doc: "the `aud` every token must carry, when set" }),
      tokenTtlSeconds: variable("TOKEN_TTL_SECONDS", wholeNumber(60, 86400), { default: 900, doc: "lifetime of tokens issued for API keys, in seconds" }),
    },
    cypherTool: variable(
      "CYPHER_TOOL",
      z
        .string()
        // `admin` was the value before raw Cypher became operator-only: refused by name, so no one keeps it believing admins still may.
        .refine((v) => v !== "admin", "CYPHER_TOOL=admin is gone: use CYPHER_TOOL=tenant (every agent, its queries confined to what it may read) or operator (docs/security.md)")
        .pipe(z.enum(["tenant", "operator", "off"])),
      {
        default: "tenant",
        doc: "who may run read-only Cypher (`cypherQuery`): `tenant` (every agent, each query rewritten to read only what the agent may read in its tenant; the gateway's operator reads the whole database), `operator` (the operator only; `npm run operator-token` mints the token) or `off` for nobody ([cypher-tool.md](cypher-tool.md))",
      },
    ),
  },
  resolve: (values, { get }) => {
    const host = get(HOST);
    if (values.auth.mode === "off" && !isLoopback(host)) {
      throw new ConfigError([`MNEMOGRAPH_AUTH: "off" is allowed only when HOST is a loopback address (HOST is ${host})`]);
    }
    return values;
  },
});

