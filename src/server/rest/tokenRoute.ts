import express, { type Router } from "express";
import type { AuthConfig } from "../../config/config.js";
import { signToken } from "../../auth/tokens.js";
import type { ApiKeyStore } from "../../apiKeys/index.js";

const KEY = /^mk_[A-Za-z0-9_-]{20,100}$/;

function refuse(res: express.Response, status: number, code: string, message: string) {
  res.status(status).json({ errors: [{ message, extensions: { code } }] });
}

/**
 * `POST /auth/token` with `Authorization: ApiKey mk_…` (or `x-api-key`):
 * exchanges a service client's API key for a short-lived bearer token.
 */
export function tokenRoute(store: ApiKeyStore, secret: string | undefined, auth: AuthConfig): Router {
  const router = express.Router();
  router.post("/auth/token", async (req, res, next) => {
    try {
      if (!secret) return refuse(res, 503, "SERVICE_UNAVAILABLE", "Token exchange needs JWT_SECRET: this gateway only verifies tokens");
      const header = req.headers.authorization ?? "";
      const given = /^ApiKey\s+(\S+)$/i.exec(header)?.[1] ?? req.headers["x-api-key"];
      if (typeof given !== "string" || !KEY.test(given)) {
        return refuse(res, 401, "UNAUTHENTICATED", "An API key is required: Authorization: ApiKey mk_…");
      }
      const key = await store.findByKey(given);
      if (!key) return refuse(res, 401, "UNAUTHENTICATED", "Unknown or revoked API key");
      const caller = { tenantId: key.tenantId, agentId: key.agentId, roles: key.roles };
      const token = await signToken(secret, caller, auth.tokenTtlSeconds, auth);
      return res.json({ access_token: token, token_type: "Bearer", expires_in: auth.tokenTtlSeconds });
    } catch (err) {
      return next(err);
    }
  });
  return router;
}
