import { GraphQLError } from "graphql";

/** The closed set of codes a client can see in `extensions.code`. */
export const ErrorCode = {
  BAD_USER_INPUT: "BAD_USER_INPUT",
  NOT_FOUND: "NOT_FOUND",
  CONFLICT: "CONFLICT",
  FORBIDDEN: "FORBIDDEN",
  UNAUTHENTICATED: "UNAUTHENTICATED",
  SERVICE_UNAVAILABLE: "SERVICE_UNAVAILABLE",
  SERVICE_BUSY: "SERVICE_BUSY",
  RATE_LIMITED: "RATE_LIMITED",
  INTERNAL_SERVER_ERROR: "INTERNAL_SERVER_ERROR",
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** An error meant for the client: its message and extensions are shown as they are. */
export class MnemographError extends GraphQLError {
  constructor(code: ErrorCode, message: string, extensions: Record<string, unknown> = {}) {
    super(message, { extensions: { ...extensions, code } });
    this.name = "MnemographError";
  }
}

/** Input breaks a rule; `field` names it as `Type.field`. */
export class BadUserInputError extends MnemographError {
  constructor(message: string, field?: string) {
    super(ErrorCode.BAD_USER_INPUT, message, field ? { field } : {});
  }
}

export class NotFoundError extends MnemographError {
  constructor(message: string) {
    super(ErrorCode.NOT_FOUND, message);
  }
}

export class ConflictError extends MnemographError {
  constructor(message: string, extensions: Record<string, unknown> = {}) {
    super(ErrorCode.CONFLICT, message, extensions);
  }
}

export class ForbiddenError extends MnemographError {
  /** `extensions.rule` may name the rule that refused, when a caller can act on it. */
  constructor(message = "You are not allowed to do this", extensions: { rule?: string } = {}) {
    super(ErrorCode.FORBIDDEN, message, extensions);
  }
}

export class UnauthenticatedError extends MnemographError {
  constructor(message = "A valid token is required") {
    // `http` tells Apollo the status when this is thrown while building the context; it is not sent.
    super(ErrorCode.UNAUTHENTICATED, message, { http: { status: 401 } });
  }
}

export class ServiceUnavailableError extends MnemographError {
  constructor(message = "The database is unavailable; try again shortly") {
    super(ErrorCode.SERVICE_UNAVAILABLE, message);
  }
}

/**
 * The gateway runs as many operations as it may and its short queue is full
 * (or a queued one waited too long): answered at once instead of after a
 * long wait, with `extensions.retryAfterSeconds` (and HTTP 503 with
 * `Retry-After`). Nothing of the operation ran.
 */
export class ServiceBusyError extends MnemographError {
  readonly retryAfterSeconds: number;

  constructor(message: string, retryAfterSeconds = 1) {
    super(ErrorCode.SERVICE_BUSY, message, { retryAfterSeconds });
    this.retryAfterSeconds = retryAfterSeconds;
  }
}
