import type express from "express";
import { MnemographError } from "../../errors/errors.js";
import { requestIdOf } from "../context.js";
import { httpStatusOf, restError, type ExecuteOperation } from "./restRoutes.js";

type Body = Record<string, unknown>;
export const isObj = (v: unknown): v is Body => typeof v === "object" && v !== null && !Array.isArray(v);

/** What one REST retrieval route does around the shared pipeline. */
export interface RetrieveRouteSpec {
  /** The GraphQL operation, taking `$input: RetrieveContextInput!`. */
  operation: string;
  /** The REST body (a JSON object) as the operation's input. */
  input: (body: Body) => Record<string, unknown>;
  /** The operation's `retrieveContext` result as the route's response body. */
  respond: (result: Body) => unknown;
  /** What the body should look like, for the message of a body that is not an object. */
  bodyHint: string;
}

/**
 * A REST route over the `retrieveContext` mutation: the request id (the
 * client's `x-request-id` when it is a plain id), the operation run through
 * the GraphQL pipeline (token, limits, rate limits, error masking), its first
 * error in the REST shape (restError, with `field` and `Retry-After` when
 * there are), else the route's response.
 */
export function retrieveHandler(execute: ExecuteOperation, spec: RetrieveRouteSpec): express.RequestHandler {
  return async (req, res, next) => {
    const requestId = requestIdOf(req.headers["x-request-id"]);
    res.setHeader("x-request-id", requestId);
    const refuse = (code: string, message: string, extra: Parameters<typeof restError>[3] = {}) =>
      res.status(httpStatusOf(code)).json(restError(code, message, requestId, extra));
    try {
      if (!isObj(req.body)) return refuse("BAD_USER_INPUT", `The body must be a JSON object: ${spec.bodyHint}`);
      const result = await execute({ ...req.headers, "x-request-id": requestId }, spec.operation, { input: spec.input(req.body) });
      const [error] = result.errors ?? [];
      if (error) {
        const code = (error.extensions?.code as string | undefined) ?? "INTERNAL_SERVER_ERROR";
        if ((code === "RATE_LIMITED" || code === "SERVICE_BUSY") && typeof error.extensions?.retryAfterSeconds === "number") res.setHeader("retry-after", String(error.extensions.retryAfterSeconds));
        return refuse(code, error.message, { field: error.extensions?.field, retry_after_seconds: error.extensions?.retryAfterSeconds });
      }
      return res.json(spec.respond(result.data!.retrieveContext as Body));
    } catch (err) {
      if (err instanceof MnemographError) return refuse(String(err.extensions.code), err.message);
      return next(err);
    }
  };
}
