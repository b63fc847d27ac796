import express, { type Router } from "express";
import { API_KEY, type ApiKeyExchange } from "../../apiKeys/index.js";

function refuse(res: express.Response, status: number, code: string, message: string) {
  res.status(status).json({ errors: [{ message, extensions: { code } }] });
}

/**
 * `POST /auth/token` with `Authorization: ApiKey mk_…` (or `x-api-key`):
 * exchanges a service client's API key for a short-lived bearer token.
 * `exchange` is null when the gateway has no secret to sign with.
 */
export function tokenRoute(exchange: ApiKeyExchange | null): Router {
  const router = express.Router();
  router.post("/auth/token", async (req, res, next) => {
    try {
      if (!exchange) return refuse(res, 503, "SERVICE_UNAVAILABLE", "Token exchange needs JWT_SECRET: this gateway only verifies tokens");
      const header = req.headers.authorization ?? "";
      const given = /^ApiKey\s+(\S+)$/i.exec(header)?.[1] ?? req.headers["x-api-key"];
      if (typeof given !== "string" || !API_KEY.test(given)) {
        return refuse(res, 401, "UNAUTHENTICATED", "An API key is required: Authorization: ApiKey mk_…");
      }
      const issued = await exchange(given);
      if (!issued) return refuse(res, 401, "UNAUTHENTICATED", "Unknown or revoked API key");
      return res.json({ access_token: issued.token, token_type: "Bearer", expires_in: issued.expiresIn });
    } catch (err) {
      return next(err);
    }
  });
  return router;
}
