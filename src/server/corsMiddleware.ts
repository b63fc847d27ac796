import cors from "cors";
import type { RequestHandler } from "express";

/**
 * CORS for the origins CORS_ORIGINS names (or `*`): browser apps on those origins may call
 * /graphql, /mcp, /auth/token and /api with their own Authorization header. No cookies are
 * involved (tokens are bearer headers), so credentials are not allowed. The MCP session id
 * and Retry-After are exposed so a browser client can read them.
 */
export function corsMiddleware(origins: readonly string[] | "*"): RequestHandler {
  return cors({
    origin: origins === "*" ? "*" : [...origins],
    credentials: false,
    exposedHeaders: ["Mcp-Session-Id", "Retry-After"],
    maxAge: 600,
  });
}
