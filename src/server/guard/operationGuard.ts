import { context, trace, type Span } from "@opentelemetry/api";
import {
  getOperationAST,
  GraphQLError,
  Kind,
  NoSchemaIntrospectionCustomRule,
  specifiedRules,
  validate,
  type DocumentNode,
  type GraphQLFormattedError,
  type GraphQLSchema,
  type OperationDefinitionNode,
  type OperationTypeNode,
} from "graphql";
import type { LimitsConfig } from "../../config/config.js";
import type { RequestContext } from "../../core/requestContext.js";
import { BadUserInputError, ErrorCode, MnemographError, ServiceUnavailableError } from "../../errors/errors.js";
import type { DatabaseAvailability } from "../../graph/availability.js";
import type { Logger } from "../../logging/logger.js";
import { formatError, logUnexpectedErrors } from "../errorHandling.js";
import type { Admission } from "../limits/admission.js";
import { retrieveContextEndUser } from "../limits/endUser.js";
import { operationCheck, parseWithTokenLimit } from "../limits/operationLimits.js";
import type { AgentRateLimiter } from "../limits/rateLimiter.js";
import { rootFieldNames } from "../limits/rootFieldNames.js";
import { stripSuggestion } from "../limits/suggestions.js";
import type { OperationMetrics } from "../metrics/operationMetrics.js";
import { nameOperationSpan, recordOperationErrors, startWebSocketSpan } from "../requestTracing.js";

/**
 * The one pipeline every GraphQL operation goes through, whichever door it
 * came in by: HTTP (Apollo, and the REST routes and MCP tools that run through
 * it: apolloGuard.ts) or the WebSocket (graphql-ws: webSocketGuard.ts). The
 * adapters only translate their library's hooks into these steps, in this order:
 *
 *   observe → (parse → validate → operationOf: Apollo does these for HTTP)
 *   → identify → refusal (transport, database, limits, rates) → admit
 *   → run → report (log, mask) → finish (metrics, span, availability)
 *
 * so a limit, a budget, an outage, a busy gateway, a span or a counter cannot
 * differ between the doors.
 */

export type Transport = "http" | "ws";

export interface OperationGuardOptions {
  schema: GraphQLSchema;
  limits: LimitsConfig;
  /** Whether `__schema` and `__type` are served (Apollo's `introspection`): on both doors or on neither. */
  introspection: boolean;
  /** One per process, shared by both doors, so an agent cannot double its budget. */
  limiter: AgentRateLimiter;
  admission: Admission;
  availability: Pick<DatabaseAvailability, "up" | "noteAnswered">;
  metrics: OperationMetrics;
  /** For unexpected errors of a request without a logger of its own. */
  logger: Logger;
}

/** An operation the guard decides on: parsed, validated, its operation known. */
export interface GuardedRequest {
  document: DocumentNode;
  operation: OperationDefinitionNode;
  operationName?: string | null;
  variables?: Record<string, unknown> | null;
  contextValue: RequestContext;
}

/** One operation followed from its arrival to its answer. */
export interface Observation {
  readonly transport: Transport;
  readonly started: number;
  /** HTTP: the request's span (traceRequests), ended by express; WebSocket: the operation's own, ended by `finish`. */
  readonly span: Span | undefined;
  type?: OperationTypeNode;
  /** Each once; empty until identified (counted as `(none)`). */
  rootFields: readonly string[];
  finished: boolean;
}

export interface OperationGuard {
  readonly schema: GraphQLSchema;
  readonly limits: LimitsConfig;
  readonly introspection: boolean;

  /** Starts following an operation: its clock, and its span. */
  observe(transport: Transport): Observation;
  /** Runs `work` with the operation's span active, so its Neo4j statements nest under it. */
  inSpan<T>(observation: Observation, work: () => T): T;

  /** Parses with the token limit (Apollo does it for HTTP, with `parseOptions`). */
  parse(source: string): DocumentNode | GraphQLError;
  /** Validates as Apollo does for HTTP: without introspection when it is off, without suggestions when they are blocked. */
  validate(document: DocumentNode): GraphQLError[];
  /** The operation to run, or graphql-js's refusal when none matches `operationName` (Apollo's on HTTP). */
  operationOf(document: DocumentNode, operationName?: string | null): OperationDefinitionNode | GraphQLError;

  /** Names the operation on its span and in its metrics, once known. */
  identify(observation: Observation, request: GuardedRequest): void;
  /** The first step that refuses the operation, or null: the door serves it, Neo4j answers, the limits, the caller's rate budgets. */
  refusal(transport: Transport, request: GuardedRequest): Promise<GraphQLError | null>;
  /**
   * Waits for the operation's turn (admission.ts) and resolves with its
   * release; subscriptions and introspection do not wait. Rejects with
   * SERVICE_BUSY when the line is full or the wait is over.
   */
  admit(request: GuardedRequest): Promise<() => void>;

  /** Logs the unexpected errors with their request id (Apollo's `didEncounterErrors` on HTTP). */
  noteErrors(errors: readonly GraphQLError[], contextValue: RequestContext | undefined): void;
  /** What a client sees of an error (Apollo's `formatError` on HTTP). */
  formatError(formatted: GraphQLFormattedError, error: unknown): GraphQLFormattedError;
  /** `noteErrors`, then `formatError` of each: for the WebSocket, which has no Apollo to call them. */
  report(errors: readonly GraphQLError[], contextValue: RequestContext | undefined): GraphQLFormattedError[];

  /**
   * Records the answer once (later calls do nothing): the operation in the
   * metrics under `OK` or its first error's code, the codes on its span, and
   * to the availability watcher that Neo4j answered.
   */
  finish(observation: Observation, errors: readonly GraphQLFormattedError[] | undefined): void;
}

/** A step that may refuse an operation: the refusal, or null to go on. */
type RefusalStep = (request: GuardedRequest, transport: Transport) => GraphQLError | null | Promise<GraphQLError | null>;

export function createOperationGuard(options: OperationGuardOptions): OperationGuard {
  const { schema, limits, introspection, admission, availability, metrics, logger } = options;
  const rules = introspection ? specifiedRules : [...specifiedRules, NoSchemaIntrospectionCustomRule];
  const steps: RefusalStep[] = [servedBy, databaseAnswers(availability), withinLimits(schema, limits), withinRateBudgets(options.limiter)];
  const hideSuggestions = limits.blockFieldSuggestions;

  const guard: OperationGuard = {
    schema,
    limits,
    introspection,

    observe(transport) {
      const span = transport === "http" ? trace.getActiveSpan() : startWebSocketSpan();
      return { transport, started: performance.now(), span, rootFields: [], finished: false };
    },
    inSpan(observation, work) {
      return observation.span ? context.with(trace.setSpan(context.active(), observation.span), work) : work();
    },

    parse: (source) => parseWithTokenLimit(source, limits),
    validate: (document) => validate(schema, document, rules).map((error) => asBadUserInput(error, hideSuggestions)),
    operationOf(document, operationName) {
      const operation = getOperationAST(document, operationName);
      if (operation) return operation;
      // graphql-js's own words, which Apollo sends over HTTP.
      if (operationName) return new BadUserInputError(`Unknown operation named "${operationName}".`);
      const operations = document.definitions.filter((d) => d.kind === Kind.OPERATION_DEFINITION).length;
      return new BadUserInputError(operations > 1 ? "Must provide operation name if query contains multiple operations." : "Must provide an operation.");
    },

    identify(observation, { document, operation, operationName, contextValue }) {
      observation.type = operation.operation;
      observation.rootFields = [...new Set(rootFieldNames(document, operationName))];
      if (!observation.span) return;
      nameOperationSpan(observation.span, {
        type: operation.operation,
        name: operation.name?.value,
        rootFields: observation.rootFields,
        requestId: contextValue.requestId,
        caller: contextValue.caller,
        transport: observation.transport,
      });
    },
    async refusal(transport, request) {
      for (const step of steps) {
        const refused = await step(request, transport);
        if (refused) return refused;
      }
      return null;
    },
    async admit({ operation, document }) {
      if (operation.operation === "subscription" || onlyIntrospection(document)) return () => {};
      return admission.enter();
    },

    noteErrors: (errors, contextValue) => logUnexpectedErrors(errors, contextValue, logger),
    formatError: (formatted, error) => formatError(formatted, error, hideSuggestions),
    report(errors, contextValue) {
      guard.noteErrors(errors, contextValue);
      return errors.map((error) => guard.formatError(error.toJSON(), error));
    },

    finish(observation, errors) {
      if (observation.finished) return;
      observation.finished = true;
      const outcome = errors?.length ? String(errors[0]?.extensions?.code ?? ErrorCode.INTERNAL_SERVER_ERROR) : "OK";
      metrics({ transport: observation.transport, rootFields: observation.rootFields, outcome, seconds: (performance.now() - observation.started) / 1000 });
      if (observation.span) {
        recordOperationErrors(observation.span, errors);
        if (observation.transport === "ws") observation.span.end();
      }
      // A probe that times out while operations are being answered measures a busy server, not a dead one.
      if (outcome === "OK" && observation.type && observation.type !== "subscription") availability.noteAnswered();
    },
  };
  return guard;
}

/** Introspection needs no database: the explorer keeps working during an outage, and takes no turn. */
export function onlyIntrospection(document: DocumentNode): boolean {
  return document.definitions.every(
    (d) => d.kind !== Kind.OPERATION_DEFINITION || d.selectionSet.selections.every((s) => s.kind === Kind.FIELD && s.name.value.startsWith("__")),
  );
}

/**
 * HTTP (GraphQL POST/GET, REST, MCP) runs queries and mutations; a
 * subscription sent there would run its resolver without its event stream.
 * It is refused with where to send it instead.
 */
const servedBy: RefusalStep = ({ operation }, transport) =>
  transport === "http" && operation.operation === "subscription"
    ? new BadUserInputError("Subscriptions are served over WebSocket (the graphql-transport-ws protocol at /graphql), not over HTTP")
    : null;

/**
 * While Neo4j is known to be down, operations are refused at once with
 * SERVICE_UNAVAILABLE instead of each waiting out the driver's retries.
 */
const databaseAnswers =
  (availability: Pick<DatabaseAvailability, "up">): RefusalStep =>
  ({ document }) =>
    !availability.up && !onlyIntrospection(document) ? new ServiceUnavailableError() : null;

/**
 * Depth, aliases, directives and estimated cost (limits/operationLimits.ts),
 * with the request's variables (a `limit: $n` changes the cost): the first
 * refusal, a BAD_USER_INPUT naming its limit. The token limit is the parser's.
 */
function withinLimits(schema: GraphQLSchema, limits: LimitsConfig): RefusalStep {
  const check = operationCheck(limits);
  return ({ document, variables, operationName }) => check({ schema, document, variables, operationName })[0] ?? null;
}

/**
 * Draws the operation from its caller's rate budgets, by the root fields it
 * calls (aliases and fragments included): RATE_LIMITED with
 * `retryAfterSeconds` when one is spent, BAD_USER_INPUT when the operation
 * alone calls a field more often than its budget allows.
 */
function withinRateBudgets(limiter: AgentRateLimiter): RefusalStep {
  return async ({ document, operationName, variables, contextValue }) => {
    try {
      await limiter.consume(contextValue.caller, rootFieldNames(document, operationName), { retrieveContext: retrieveContextEndUser(document, operationName, variables) });
      return null;
    } catch (err) {
      if (err instanceof MnemographError) return err;
      throw err;
    }
  };
}

/** Validation errors carry the code Apollo's end with on HTTP (see `classifyError`). */
function asBadUserInput(error: GraphQLError, hideSuggestions: boolean): GraphQLError {
  return new GraphQLError(hideSuggestions ? stripSuggestion(error.message) : error.message, {
    nodes: error.nodes,
    source: error.source,
    positions: error.positions,
    extensions: { ...error.extensions, code: ErrorCode.BAD_USER_INPUT },
  });
}
