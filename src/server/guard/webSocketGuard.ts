import { execute as runOperation, GraphQLError, subscribe as runSubscribe, type ExecutionArgs, type ExecutionResult, type GraphQLFormattedError } from "graphql";
import type { ConnectionInitMessage, Context, ServerOptions, SubscribePayload } from "graphql-ws";
import type { RequestContext } from "../../core/requestContext.js";
import { ErrorCode, ServiceBusyError } from "../../errors/errors.js";
import type { GuardedRequest, Observation, OperationGuard } from "./operationGuard.js";

/** graphql-ws's hooks the guard takes over. */
export type WebSocketGuardHooks<P extends ConnectionInitMessage["payload"], E> = Required<
  Pick<ServerOptions<P, E>, "onSubscribe" | "execute" | "subscribe" | "onNext" | "onError" | "onComplete">
>;

/** One operation on a socket, from its subscribe message to its answer. */
interface Followed {
  observation: Observation;
  contextValue: RequestContext;
  request?: GuardedRequest;
  /** What it was refused with, as sent. */
  refused?: GraphQLFormattedError[];
  /** A query's or mutation's result (a subscription's, when it could not subscribe). */
  result?: ExecutionResult;
}

/**
 * The operation guard's steps at graphql-ws's hooks, so an operation over the
 * WebSocket is checked, admitted, traced, counted and masked as over HTTP
 * (apolloGuard.ts). Apollo's plugins never see this traffic; Apollo's own
 * parsing and validation are the guard's `parse`, `validate` and `operationOf`.
 *
 * - `onSubscribe`: observe, parse, validate, identify, refusal. A refusal is
 *   the operation's error message (counted and traced at once); the socket
 *   stays open. A throw there would close it, so nothing refused throws.
 * - `execute` (queries, mutations): waits for a turn, runs with the
 *   operation's span active; SERVICE_BUSY is the operation's error.
 * - `subscribe`: runs the subscribe with the span active; once subscribed,
 *   the operation is counted OK and its span ends. Its events are not counted.
 * - `onNext`: formats the errors; a query's or mutation's result (or a
 *   subscribe's refusal) finishes the operation with them.
 * - `onError`: formats errors sent as an error message (a refusal, or an
 *   event stream that failed).
 * - `onComplete`: finishes an operation the client abandoned before its
 *   result was sent.
 *
 * graphql-ws hands every hook of one operation the same subscribe payload,
 * and `execute`/`subscribe` the execution arguments `onSubscribe` returned:
 * the operation is found by either.
 */
export function webSocketGuard<P extends ConnectionInitMessage["payload"], E>(
  guard: OperationGuard,
  contextOf: (ctx: Context<P, E>) => Promise<RequestContext>,
): WebSocketGuardHooks<P, E> {
  const byPayload = new WeakMap<SubscribePayload, Followed>();
  const byArgs = new WeakMap<ExecutionArgs, Followed>();

  /** Records an operation that failed unexpectedly (graphql-ws then closes the socket). */
  const failed = (followed: Followed, err: unknown): never => {
    guard.finish(followed.observation, [{ message: "Internal server error", extensions: { code: ErrorCode.INTERNAL_SERVER_ERROR } }]);
    throw err;
  };

  /** Apollo's parse, validation and operation resolution, then the guard's steps. */
  async function check(payload: SubscribePayload, followed: Followed): Promise<ExecutionArgs | GraphQLError[]> {
    const { observation, contextValue } = followed;
    const document = guard.parse(payload.query);
    if (document instanceof GraphQLError) return [document];
    const invalid = guard.validate(document);
    if (invalid.length > 0) return invalid;
    const { operationName, variables } = payload;
    // The variables as sent, as over HTTP (apolloGuard.ts): a create's pooling tells a chosen value from a default by them.
    contextValue.rawVariables = variables ?? {};
    const operation = guard.operationOf(document, operationName);
    if (operation instanceof GraphQLError) return [operation];
    const request = { document, operation, operationName, variables, contextValue };
    guard.identify(observation, request);
    const refusal = await guard.refusal("ws", request);
    if (refusal) return [refusal];
    followed.request = request;
    return { schema: guard.schema, document, operationName, variableValues: variables, contextValue };
  }

  return {
    async onSubscribe(ctx, _id, payload) {
      const contextValue = await contextOf(ctx);
      const followed: Followed = { observation: guard.observe("ws"), contextValue };
      byPayload.set(payload, followed);
      let checked: ExecutionArgs | GraphQLError[];
      try {
        checked = await check(payload, followed);
      } catch (err) {
        return failed(followed, err);
      }
      if (Array.isArray(checked)) {
        // Recorded now: graphql-ws sends nothing (and calls no hook) when the client already gave up on it.
        followed.refused = guard.report(checked, contextValue);
        guard.finish(followed.observation, followed.refused);
        return checked;
      }
      byArgs.set(checked, followed);
      return checked;
    },

    async execute(args) {
      const followed = byArgs.get(args);
      if (!followed?.request) return runOperation(args);
      let release: () => void;
      try {
        release = await guard.admit(followed.request);
      } catch (err) {
        if (err instanceof ServiceBusyError) return { errors: [err] };
        return failed(followed, err);
      }
      try {
        followed.result = await guard.inSpan(followed.observation, () => runOperation(args));
        return followed.result;
      } catch (err) {
        return failed(followed, err);
      } finally {
        release();
      }
    },

    async subscribe(args) {
      const followed = byArgs.get(args);
      if (!followed) return runSubscribe(args);
      let subscribed: Awaited<ReturnType<typeof runSubscribe>>;
      try {
        subscribed = await guard.inSpan(followed.observation, () => runSubscribe(args));
      } catch (err) {
        return failed(followed, err);
      }
      // Counted once, at subscribe: its events are not operations.
      if (Symbol.asyncIterator in subscribed) guard.finish(followed.observation, undefined);
      else followed.result = subscribed;
      return subscribed;
    },

    onNext(_ctx, _id, payload, _args, result) {
      const followed = byPayload.get(payload);
      const errors = result.errors ? guard.report(result.errors, followed?.contextValue) : undefined;
      // A query's or mutation's one result; a subscription was finished when it subscribed.
      if (followed) guard.finish(followed.observation, errors);
      return errors ? { ...result, errors } : result;
    },

    onError(_ctx, _id, payload, errors) {
      const followed = byPayload.get(payload);
      return followed?.refused ?? guard.report(errors, followed?.contextValue);
    },

    onComplete(_ctx, _id, payload) {
      const followed = byPayload.get(payload);
      if (!followed || followed.observation.finished) return;
      const errors = followed.result?.errors;
      guard.finish(followed.observation, errors ? guard.report(errors, followed.contextValue) : undefined);
    },
  };
}
