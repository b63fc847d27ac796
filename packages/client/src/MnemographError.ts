/**
 * A failure the gateway reported (a GraphQL error, a REST error body, a refused
 * API key) or a response that was not one. `code` is the gateway's
 * `extensions.code` (`RATE_LIMITED`, `BAD_USER_INPUT`, …); a response the
 * client could not read is `BAD_RESPONSE`.
 */
export class MnemographError extends Error {
  override readonly name = "MnemographError";

  constructor(
    message: string,
    readonly code: string,
    readonly details: {
      /** The HTTP status, when the failure came over HTTP. */
      status?: number;
      /** How long the gateway asks to wait before trying again (RATE_LIMITED). */
      retryAfterSeconds?: number;
      /** The input field to blame, when the gateway names one. */
      field?: string;
      /** The gateway's request id, to find its log lines. */
      requestId?: string;
    } = {},
  ) {
    super(message);
  }

  get retryAfterSeconds(): number | undefined {
    return this.details.retryAfterSeconds;
  }
}

/** One error of a GraphQL response. */
export interface GraphQLErrorShape {
  message: string;
  path?: readonly (string | number)[];
  extensions?: Record<string, unknown>;
}

/** The MnemographError of a GraphQL error. */
export function errorOfGraphQL(error: GraphQLErrorShape, status?: number): MnemographError {
  const ext = error.extensions ?? {};
  return new MnemographError(error.message, typeof ext.code === "string" ? ext.code : "INTERNAL_SERVER_ERROR", {
    status,
    retryAfterSeconds: typeof ext.retryAfterSeconds === "number" ? ext.retryAfterSeconds : undefined,
    field: typeof ext.field === "string" ? ext.field : undefined,
    requestId: typeof ext.requestId === "string" ? ext.requestId : undefined,
  });
}
