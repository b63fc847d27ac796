import type { RequestHandler } from "express";
import { mayReceiveLocalToken } from "./loopbackRequest.js";

/**
 * `GET /local-token`: on the embedded default (no JWT_SECRET, loopback only), the
 * token setupAuth wrote to `local-token`, for the browser pages of this machine
 * (the explorer, GraphiQL), so a developer pastes nothing. Anyone who can read
 * the data folder has it already; this route gives it to no one else
 * (loopbackRequest.ts says who). 404 on a gateway without a local token: its
 * pages ask for a token or an API key instead.
 */
export function localTokenRoute(localToken: string | undefined): RequestHandler {
  return (req, res) => {
    res.set("cache-control", "no-store");
    if (!localToken) return res.status(404).json({ error: "This gateway has no local token: sign in with a token or an API key" });
    const allowed = mayReceiveLocalToken({
      remoteAddress: req.socket.remoteAddress,
      host: req.headers.host,
      origin: typeof req.headers.origin === "string" ? req.headers.origin : undefined,
    });
    if (!allowed) return res.status(403).json({ error: "The local token is served to this machine's own pages only" });
    return res.json({ token: localToken });
  };
}
