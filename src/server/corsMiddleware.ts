import cors from "cors";
import type { RequestHandler } from "express";
import { BOOKMARKS_HEADER } from "./clientBookmarks.js";

/**
 * CORS for the origins CORS_ORIGINS names (or `*`): browser apps on those origins may call
 * /graphql, /mcp, /auth/token and /api with their own Authorization header. No cookies are
 * involved (tokens are bearer headers), so credentials are not allowed. The MCP session id,
 * Retry-After and the bookmarks (clientBookmarks.ts) are exposed so a browser client can read them.
 */
export function corsMiddleware(origins: readonly string[] | "*"): RequestHandler {
  return cors({
    origin: origins === "*" ? "*" : [...origins],
    credentials: false,
    exposedHeaders: ["Mcp-Session-Id", "Retry-After", BOOKMARKS_HEADER],
    maxAge: 600,
  });
}
