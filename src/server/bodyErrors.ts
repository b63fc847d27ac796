import type express from "express";
import { INVALID_UTF8 } from "./strictDecoding.js";
import { requestIdOf } from "./context.js";
import { restError } from "./rest/restRoutes.js";
import { BOOKMARKS_HEADER, INVALID_BOOKMARKS } from "./clientBookmarks.js";

/** Why body-parser refused a body, in words a client can act on; null: not a body error. */
function describe(err: { status?: unknown; type?: unknown; limit?: unknown; charset?: unknown; max?: unknown }): { status: number; message: string } | null {
  const status = typeof err?.status === "number" ? err.status : 500;
  if (err.type === INVALID_BOOKMARKS) return { status: 400, message: `${BOOKMARKS_HEADER} must be at most ${String(err.max)} bookmarks this API gave out, separated by commas` };
  if (status === 413) return { status, message: `Request body is larger than the limit of ${String(err.limit)} bytes` };
  if (err.type === INVALID_UTF8) return { status: 400, message: "Request body is not valid UTF-8: send JSON encoded as UTF-8" };
  if (err.type === "charset.unsupported") return { status: 415, message: `Request body charset ${String(err.charset ?? "")} is not supported: send JSON encoded as UTF-8` };
  if (err.type === "encoding.unsupported") return { status: 415, message: "Request body content-encoding is not supported: send it uncompressed" };
  if (status === 400) return { status, message: "Request body is not valid JSON" };
  return null;
}

/** JSON-RPC's code for a request that could not be parsed. */
const JSON_RPC_PARSE_ERROR = -32700;

/**
 * A body (or the bookmarks header) refused before it reached its door (too large, not UTF-8, not JSON),
 * answered in that door's error shape: the REST routes' `{ error, code, message, request_id }`,
 * a JSON-RPC error on `/mcp`, GraphQL's `errors` elsewhere. The code is
 * always BAD_USER_INPUT: the client's mistake, never a 500.
 */
export const bodyErrorHandler: express.ErrorRequestHandler = (err, req, res, next) => {
  const refused = describe(err);
  if (!refused) return next(err);
  const { status, message } = refused;
  if (req.path.startsWith("/api/")) {
    res.status(status).json(restError("BAD_USER_INPUT", message, requestIdOf(req.headers["x-request-id"])));
  } else if (req.path === "/mcp") {
    res.status(status).json({ jsonrpc: "2.0", id: null, error: { code: JSON_RPC_PARSE_ERROR, message, data: { code: "BAD_USER_INPUT" } } });
  } else {
    res.status(status).json({ errors: [{ message, extensions: { code: "BAD_USER_INPUT" } }] });
  }
};
