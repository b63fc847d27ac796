import type { RequestHandler } from "express";
import { mayReceiveLocalToken } from "./loopbackRequest.js";

export interface LocalSignIn {
  /** The token setupAuth wrote to `local-token` (the embedded default), if any. */
  token: string | undefined;
  /** MNEMOGRAPH_AUTH=off (loopback only): the pages need no token at all. */
  authenticationOff: boolean;
}

/**
 * `GET /local-token`: on the embedded default (no JWT_SECRET, loopback only), the
 * token setupAuth wrote to `local-token`, for the browser pages of this machine
 * (the explorer, GraphiQL), so a developer pastes nothing. Anyone who can read
 * the data folder has it already; this route gives it to no one else
 * (loopbackRequest.ts says who). Every other request gets `token: null` and the
 * page asks for a token or an API key: a 200 either way, so a page served
 * elsewhere logs no failed request.
 */
export function localTokenRoute({ token, authenticationOff }: LocalSignIn): RequestHandler {
  const authentication = authenticationOff ? "off" : "token";
  return (req, res) => {
    res.set("cache-control", "no-store");
    const allowed = mayReceiveLocalToken({
      remoteAddress: req.socket.remoteAddress,
      host: req.headers.host,
      origin: typeof req.headers.origin === "string" ? req.headers.origin : undefined,
    });
    return res.json({ token: allowed && token ? token : null, authentication });
  };
}
