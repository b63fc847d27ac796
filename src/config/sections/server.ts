import { z } from "zod";
import { commaList, onOff, section, variable, wholeNumber } from "../declare.js";

const LOOPBACK = new Set(["127.0.0.1", "::1", "localhost"]);

/** True when only this machine can reach the given listen address. */
export function isLoopback(host: string): boolean {
  return LOOPBACK.has(host) || host.startsWith("127.");
}

/** Why `origin` is not a browser origin as the Origin header sends it (scheme://host[:port]), or null. */
function originProblem(origin: string): string | null {
  if (origin === "*") return "is allowed only alone (CORS_ORIGINS=*)";
  let url: URL;
  try {
    url = new URL(origin);
  } catch {
    return "is not an origin: scheme://host[:port], e.g. https://app.example.com";
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return "is not an http(s) origin";
  if (url.origin !== origin) return `is not an origin as browsers send it (no path or trailing slash): ${url.origin}`;
  return null;
}

const origins = commaList.transform((list, ctx): readonly string[] | "*" => {
  if (list.length === 1 && list[0] === "*") return "*";
  for (const origin of list) {
    const problem = originProblem(origin);
    if (problem) ctx.addIssue({ code: "custom", message: `"${origin}" ${problem}` });
  }
  return list;
});

/** Other sections read the mode and the listen address (limits, the auth check). */
export const MODE = variable("MNEMOGRAPH_MODE", z.enum(["development", "production"]), {
  default: "development",
  doc: "`production`: production limits and error details, and introspection off unless `INTROSPECTION=on`",
});
export const HOST = variable("HOST", z.string().min(1), {
  default: "127.0.0.1",
  doc: "interface to listen on (loopback by default; the image sets `0.0.0.0`, which makes `JWT_SECRET` or `JWKS_URL` mandatory)",
});

export const server = section({
  title: "Server",
  summary: "The HTTP listener, the mode, and what browsers and start-up see.",
  variables: {
    port: variable("PORT", wholeNumber(0, 65535), { default: 4000, doc: "HTTP port of the gateway (`0`: a free one)" }),
    host: HOST,
    mode: MODE,
    introspection: variable("INTROSPECTION", onOff, {
      defaultDoc: "`on` in development, `off` in production",
      doc: "`on`: `__schema`/`__type` are answered and `/graphql` in a browser opens Apollo Sandbox; every GraphQL request needs a valid token, so this is for authenticated callers only (Sandbox's Headers tab: `Authorization: Bearer …`). `off`: the production landing page",
    }),
    corsOrigins: variable("CORS_ORIGINS", origins, {
      default: "",
      doc: "browser origins allowed to call the gateway from another origin: comma-separated exact origins (`https://app.example.com,http://localhost:5173`) or `*`; empty: no CORS headers (same-origin pages only). Bearer tokens, no cookies: credentials are not allowed",
    }),
    warmUpSeconds: variable("WARMUP_SECONDS", wholeNumber(0, 600), {
      default: 30,
      doc: "before `/health/ready` says ready, the common operations run this long on a tenant of their own (then removed), after the memory explorer's first queries once (their plans cached for its first open) and, with the deterministic extractor, 218 messages through the extraction worker in one batch of each list-length class (its first chat import after a start is not read cold), so the first minute is not served cold (bench:load: first minute at 82% of warm throughput with 30 s, 79% with 15 s, 61% without); `0`: none",
    }),
  },
  resolve: (values) => ({ ...values, introspection: values.introspection ?? values.mode === "development" }),
});
