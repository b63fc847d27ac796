import type { RequestHandler } from "express";
import { withRequestBookmarks } from "../graph/requestBookmarks.js";

/**
 * The header a client carries its bookmarks in, both ways: a response names the bookmarks of what the
 * request committed (or read), and a request that sends them back, through this gateway or any other of
 * the same cluster, reads at least that state (docs/deploy.md, "Reading your own writes").
 */
export const BOOKMARKS_HEADER = "Mnemograph-Bookmarks";

/** The error `type` bodyErrors.ts answers with 400 BAD_USER_INPUT in the door's shape. */
export const INVALID_BOOKMARKS = "mnemograph.bookmarks.invalid";

/** Bookmarks a request may bring: a client merging several gateways' answers needs a few, never many. */
const MAX_BOOKMARKS = 8;
/** A Neo4j bookmark as the server gives it out (`FB:` and base64): no commas, spaces or control characters. */
const BOOKMARK = /^[A-Za-z0-9+/=:._-]{1,512}$/;

/** The bookmarks in the header: [] without one; null when it is not a list of bookmarks. */
export function parseBookmarks(header: string | string[] | undefined): string[] | null {
  if (header === undefined) return [];
  const items = (Array.isArray(header) ? header.join(",") : header).split(",").map((s) => s.trim()).filter((s) => s !== "");
  if (items.length > MAX_BOOKMARKS || !items.every((b) => BOOKMARK.test(b))) return null;
  return [...new Set(items)];
}

/**
 * Runs the rest of the request with the client's bookmarks (graph/requestBookmarks.ts) and answers
 * with the newest ones it knows. Mounted after the body parser: a stream's events would lose the
 * request's async context.
 */
export const clientBookmarks: RequestHandler = (req, res, next) => {
  const given = parseBookmarks(req.headers[BOOKMARKS_HEADER.toLowerCase()]);
  if (given === null) {
    return next(Object.assign(new Error("bad bookmarks"), { status: 400, type: INVALID_BOOKMARKS, max: MAX_BOOKMARKS }));
  }
  withRequestBookmarks(given, (bookmarks) => {
    // Set just before the headers go out, whichever way the door writes its response.
    const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => typeof res;
    res.writeHead = ((...args: unknown[]) => {
      const latest = bookmarks.latest();
      if (latest.length > 0 && !res.headersSent) res.setHeader(BOOKMARKS_HEADER, latest.join(","));
      return writeHead(...args);
    }) as typeof res.writeHead;
    next();
  });
};
