import express from "express";
import { openApiDocument } from "./openApiDocument.js";
import type { RestRoutes } from "./restRoutes.js";

/**
 * `GET /api/openapi.json`: the OpenAPI description of the REST routes
 * (openApiDocument.ts), without a token: it says what the routes take, not
 * what any tenant holds.
 */
export function openApiRoute(version: string): RestRoutes {
  const document = JSON.stringify(openApiDocument(version));
  return () => {
    const router = express.Router();
    router.get("/openapi.json", (_req, res) => {
      res.type("application/json").send(document);
    });
    return router;
  };
}
