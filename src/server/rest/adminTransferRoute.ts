import express from "express";
import { MnemographError } from "../../errors/errors.js";
import { requestIdOf } from "../context.js";
import { isObj } from "./retrieveHandler.js";
import { httpStatusOf, restError, type ExecutedOperation, type ExecuteOperation } from "./restRoutes.js";

const EXPORT_PAGE = `query ExportTenantPageRest($tenantId: ID, $cursor: String, $pageSize: Int, $vectors: Boolean) {
  exportTenantPage(tenantId: $tenantId, cursor: $cursor, pageSize: $pageSize, vectors: $vectors) { lines next }
}`;

const IMPORT_LINES = `mutation ImportTenantLinesRest($tenantId: ID, $lines: [TenantImportLine!]!) {
  importTenantLines(tenantId: $tenantId, lines: $lines) { nodesCreated nodesExisting relationshipsCreated relationshipsExisting refused { line error } }
}`;

/** Waits of a page the rate limiter holds back in the middle of a stream, before the stream ends with an error line. */
const PAGE_RETRIES = 5;

type Page = { lines: string[]; next: string | null };
type Refusal = { code: string; message: string; field?: unknown; retryAfter?: number };

function refusalOf(result: ExecutedOperation): Refusal | null {
  const [error] = result.errors ?? [];
  if (!error) return null;
  const retryAfter = error.extensions?.retryAfterSeconds;
  return { code: (error.extensions?.code as string | undefined) ?? "INTERNAL_SERVER_ERROR", message: error.message, field: error.extensions?.field, retryAfter: typeof retryAfter === "number" ? retryAfter : undefined };
}

const queryFlag = (value: unknown) => value === "true" || value === "1";
const queryInt = (value: unknown) => (typeof value === "string" && /^\d{1,6}$/.test(value) ? Number(value) : value === undefined ? undefined : value);

/**
 * `GET /api/admin/export?tenant=T&vectors=true&page_size=500`: a tenant's
 * export as one JSON Lines stream (`application/x-ndjson`), and `POST
 * /api/admin/import` with `{ tenant, lines: [{ line, text }] }`: one batch of
 * it written. Both run the GraphQL fields of schema/tenant-transfer.graphql
 * through the pipeline (token, limits, rate limits, error masking), so the
 * access rule (the tenant's admin or the operator) is the resolvers'. Errors
 * before the first line come in the REST shape (restError); one in the middle
 * of a stream ends it with a line `{"kind": "error", …}` of the same shape.
 */
export function adminTransferRoute(execute: ExecuteOperation): express.Router {
  const router = express.Router();

  router.get("/admin/export", async (req, res, next) => {
    const requestId = requestIdOf(req.headers["x-request-id"]);
    res.setHeader("x-request-id", requestId);
    const headers = { ...req.headers, "x-request-id": requestId };
    const variables = { tenantId: req.query.tenant, pageSize: queryInt(req.query.page_size), vectors: queryFlag(req.query.vectors) };
    const page = async (cursor: string | null): Promise<Page | Refusal> => {
      for (let attempt = 0; ; attempt++) {
        const result = await execute(headers, EXPORT_PAGE, { ...variables, cursor });
        const refusal = refusalOf(result);
        if (!refusal) return result.data!.exportTenantPage as Page;
        // The first page answers a refusal at once; later ones wait out a rate limit, as a client would.
        if (cursor === null || refusal.code !== "RATE_LIMITED" || attempt >= PAGE_RETRIES) return refusal;
        await new Promise((r) => setTimeout(r, Math.min(30, refusal.retryAfter ?? 1) * 1000));
      }
    };
    try {
      let current = await page(null);
      if ("code" in current) {
        if (current.retryAfter !== undefined) res.setHeader("retry-after", String(current.retryAfter));
        return res.status(httpStatusOf(current.code)).json(restError(current.code, current.message, requestId, { field: current.field, retry_after_seconds: current.retryAfter }));
      }
      res.status(200).type("application/x-ndjson");
      for (;;) {
        for (const line of current.lines) if (!res.write(`${line}\n`)) await new Promise((r) => res.once("drain", r));
        if (current.next === null) break;
        const following = await page(current.next);
        if ("code" in following) {
          res.write(`${JSON.stringify({ kind: "error", ...restError(following.code, following.message, requestId) })}\n`);
          break;
        }
        current = following;
      }
      return res.end();
    } catch (err) {
      if (res.headersSent) {
        res.write(`${JSON.stringify({ kind: "error", ...restError("INTERNAL_SERVER_ERROR", "The export stopped unexpectedly", requestId) })}\n`);
        return res.end();
      }
      if (err instanceof MnemographError) return res.status(httpStatusOf(err.extensions.code)).json(restError(String(err.extensions.code), err.message, requestId));
      return next(err);
    }
  });

  router.post("/admin/import", async (req, res, next) => {
    const requestId = requestIdOf(req.headers["x-request-id"]);
    res.setHeader("x-request-id", requestId);
    const refuse = (r: Refusal) => {
      if (r.retryAfter !== undefined) res.setHeader("retry-after", String(r.retryAfter));
      return res.status(httpStatusOf(r.code)).json(restError(r.code, r.message, requestId, { field: r.field, retry_after_seconds: r.retryAfter }));
    };
    try {
      if (!isObj(req.body)) return refuse({ code: "BAD_USER_INPUT", message: "The body must be a JSON object: { tenant, lines: [{ line, text }] }" });
      const result = await execute({ ...req.headers, "x-request-id": requestId }, IMPORT_LINES, { tenantId: req.body.tenant, lines: req.body.lines });
      const refusal = refusalOf(result);
      if (refusal) return refuse(refusal);
      const r = result.data!.importTenantLines as { nodesCreated: number; nodesExisting: number; relationshipsCreated: number; relationshipsExisting: number; refused: unknown[] };
      return res.json({
        nodes_created: r.nodesCreated,
        nodes_existing: r.nodesExisting,
        relationships_created: r.relationshipsCreated,
        relationships_existing: r.relationshipsExisting,
        refused: r.refused,
      });
    } catch (err) {
      if (err instanceof MnemographError) return refuse({ code: String(err.extensions.code), message: err.message });
      return next(err);
    }
  });
  return router;
}
