import type { Span } from "@opentelemetry/api";
import type { Driver } from "neo4j-driver";
import { failSpan } from "../core/tracing.js";
import { startStatementSpan as spanOf } from "./statementSpan.js";

type AnyFn = (...args: unknown[]) => unknown;

function statementOf(query: unknown): string {
  const text = typeof query === "string" ? query : typeof (query as { text?: unknown })?.text === "string" ? (query as { text: string }).text : "";
  return text.trim();
}

const startStatementSpan = (query: unknown, database: string | undefined): Span => spanOf(statementOf(query), database);

/** Each traced driver's own, untraced driver (see untraced). */
const UNTRACED = new WeakMap<Driver, Driver>();

/**
 * The driver under a traced one, and whether it was traced: the executor
 * runs its statements on the driver itself and starts their spans itself.
 */
export function untraced(driver: Driver): { driver: Driver; traced: boolean } {
  const own = UNTRACED.get(driver);
  return own ? { driver: own, traced: true } : { driver, traced: false };
}

/**
 * A statement's Result, its span ended when the result is: awaited, streamed
 * to a subscriber, or summarised (whichever comes first). Nothing else about
 * the Result changes.
 */
function traceResult<R extends object>(result: R, span: Span): R {
  let ended = false;
  const end = (err?: unknown) => {
    if (ended) return;
    ended = true;
    if (err !== undefined) failSpan(span, err);
    span.end();
  };
  return new Proxy(result, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      if (prop === "then") {
        return (ok?: AnyFn, fail?: AnyFn) =>
          (value as AnyFn).call(
            target,
            (v: unknown) => {
              end();
              return ok ? ok(v) : v;
            },
            (e: unknown) => {
              end(e);
              if (fail) return fail(e);
              throw e;
            },
          );
      }
      if (prop === "subscribe") {
        return (observer: { onCompleted?: AnyFn; onError?: AnyFn; [k: string]: unknown }) =>
          (value as AnyFn).call(target, {
            ...observer,
            onCompleted: (...args: unknown[]) => {
              end();
              return observer.onCompleted?.(...args);
            },
            onError: (e: unknown) => {
              end(e);
              return observer.onError?.(e);
            },
          });
      }
      if (prop === "summary") {
        return (...args: unknown[]) =>
          (value as (...a: unknown[]) => Promise<unknown>).apply(target, args).then(
            (s) => {
              end();
              return s;
            },
            (e) => {
              end(e);
              throw e;
            },
          );
      }
      return (value as AnyFn).bind(target);
    },
  });
}

/** `run` of a session or transaction, with a span per statement that ends with its result. */
const tracedRun = (target: object, run: AnyFn, database: string | undefined) => (query: unknown, ...rest: unknown[]) =>
  traceResult(run.call(target, query, ...rest) as object, startStatementSpan(query, database));

/** A transaction (or managed transaction) whose `run` makes a span per statement. */
function traceTx<T extends object>(tx: T, database: string | undefined): T {
  return new Proxy(tx, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      if (prop === "run") return tracedRun(target, value as AnyFn, database);
      return (value as AnyFn).bind(target);
    },
  });
}

function traceSession<S extends object>(session: S, database: string | undefined): S {
  return new Proxy(session, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      if (prop === "run") return tracedRun(target, value as AnyFn, database);
      if (prop === "executeRead" || prop === "executeWrite" || prop === "readTransaction" || prop === "writeTransaction") {
        return (work: AnyFn, ...rest: unknown[]) => (value as AnyFn).call(target, (tx: object) => work(traceTx(tx, database)), ...rest);
      }
      if (prop === "beginTransaction") return (...args: unknown[]) => traceTx((value as AnyFn).apply(target, args) as object, database);
      return (value as AnyFn).bind(target);
    },
  });
}

/**
 * The driver with a CLIENT span for each Neo4j statement run through it:
 * @neo4j/graphql's generated CRUD, which is given a driver and runs its own
 * statements. The executor, given this driver, runs on the driver under it
 * (untraced) and starts its statements' spans itself. Used only when tracing
 * is on; spans nest under the operation or tool call that is active.
 */
export function traceDriver(driver: Driver): Driver {
  const traced = new Proxy(driver, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      if (prop === "session") {
        return (config?: { database?: string }) => traceSession((value as AnyFn).call(target, config) as object, config?.database);
      }
      if (prop === "executeQuery") {
        return (query: unknown, params?: unknown, config?: { database?: string }) => {
          const span = startStatementSpan(query, config?.database);
          return ((value as AnyFn).call(target, query, params, config) as Promise<unknown>).then(
            (r) => {
              span.end();
              return r;
            },
            (e: unknown) => {
              failSpan(span, e);
              span.end();
              throw e;
            },
          );
        };
      }
      return (value as AnyFn).bind(target);
    },
  }) as Driver;
  UNTRACED.set(traced, driver);
  return traced;
}
