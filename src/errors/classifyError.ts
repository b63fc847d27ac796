import { GraphQLError } from "graphql";
import {
  ConflictError,
  ErrorCode,
  ForbiddenError,
  MnemographError,
  ServiceUnavailableError,
  UnauthenticatedError,
  BadUserInputError,
} from "./errors.js";

/** Neo4j driver error codes that mean "the database is not there right now". */
const UNAVAILABLE_CODES = new Set([
  "ServiceUnavailable",
  "SessionExpired",
  "Neo.TransientError.General.DatabaseUnavailable",
  "Neo.ClientError.Transaction.TransactionTimedOut",
  "Neo.ClientError.Transaction.TransactionTimedOutClientConfiguration",
  "Neo.TransientError.Transaction.LockClientStopped",
]);

/** graphql-js's messages for variables the client got wrong. */
const GRAPHQL_INPUT_ERROR = /^(Too many errors processing variables|Variable "\$[_A-Za-z][_0-9A-Za-z]*" (got invalid value|of required type|of non-null type|is never used|expected value))/;

/** Apollo's own codes for requests that are not well-formed GraphQL. */
const REQUEST_CODES = new Set([
  "GRAPHQL_PARSE_FAILED",
  "GRAPHQL_VALIDATION_FAILED",
  "BAD_REQUEST",
  "OPERATION_RESOLUTION_FAILURE",
  "PERSISTED_QUERY_NOT_FOUND",
  "PERSISTED_QUERY_NOT_SUPPORTED",
]);

/**
 * Turns whatever a resolver threw into an error a client may see, or null
 * when it is unexpected (the caller masks and logs it). This is the one place
 * that knows how driver and library errors look.
 */
export function classifyError(error: GraphQLError): MnemographError | null {
  const original = rootCause(error);
  if (original instanceof MnemographError) return original;

  const code = String((original as { code?: unknown }).code ?? "");
  if (code === "Neo.ClientError.Schema.ConstraintValidationFailed") {
    return new ConflictError(describeConstraintViolation(original.message));
  }
  // A bookmark the client sent back (server/clientBookmarks.ts) that Neo4j does not know: the client's mistake.
  if (code === "Neo.ClientError.Transaction.InvalidBookmark" || code === "Neo.ClientError.Transaction.InvalidBookmarkMixture") {
    return new BadUserInputError("Mnemograph-Bookmarks holds a bookmark this database did not give out");
  }
  if (UNAVAILABLE_CODES.has(code) || /connect ECONNREFUSED|Pool is closed|Connection was closed/.test(original.message)) {
    return new ServiceUnavailableError();
  }
  // Every pooled connection stayed busy for the acquisition timeout: overloaded, not broken (bench:load's cold start).
  if (/Connection acquisition timed out/.test(original.message)) {
    return new ServiceUnavailableError("The gateway is busy: every connection to the database is in use; try again shortly");
  }

  switch (original.name) {
    case "Neo4jGraphQLForbiddenError":
      return new ForbiddenError(original.message || undefined);
    case "Neo4jGraphQLAuthenticationError":
      return new UnauthenticatedError(original.message || undefined);
    case "Neo4jGraphQLRelationshipValidationError":
      return new BadUserInputError(original.message);
    case "Neo4jGraphQLConstraintValidationError":
      return new ConflictError("A node with the same id already exists in this tenant: ids must be unique per type");
  }

  const apolloCode = String(error.extensions?.code ?? "");
  // graphql-js's own input errors, without a code where Apollo does not add one: after 50 bad variables
  // ("Too many errors…"), and every variable error over WebSocket (graphql-ws runs graphql-js directly).
  if (!apolloCode && GRAPHQL_INPUT_ERROR.test(error.message)) {
    return new BadUserInputError(error.message);
  }
  // @neo4j/graphql refuses `{ set: null }` on a required field with a plain Error.
  const nonNullable = /^Cannot set non-nullable field (\w+\.\w+) to null$/.exec(original.message);
  if (nonNullable) return new BadUserInputError(`${nonNullable[1]} must not be set to null`, nonNullable[1]);
  if (apolloCode === ErrorCode.BAD_USER_INPUT || REQUEST_CODES.has(apolloCode)) {
    return new BadUserInputError(error.message);
  }
  return null;
}

function rootCause(error: GraphQLError): Error {
  let current: Error = error;
  while (current instanceof GraphQLError && current.originalError) current = current.originalError;
  return current;
}

/**
 * Neo4j says: "Node(12) already exists with label `Agent` and properties
 * `tenantId` = 'local', `id` = 'kublai'". The client hears which type and
 * which key collided, without the internal node id or the tenant.
 */
export function describeConstraintViolation(message: string): string {
  const label = /label `([^`]+)`/.exec(message)?.[1];
  const props = [...message.matchAll(/`([^`]+)` = ('(?:[^'\\]|\\.)*'|[^,\s]+)/g)]
    .filter((m) => m[1] !== "tenantId")
    .map((m) => `${m[1]} ${m[2]}`);
  if (!label) return "That value is already taken: a uniqueness rule would be broken";
  return `A ${label} with ${props.join(" and ") || "these values"} already exists`;
}
