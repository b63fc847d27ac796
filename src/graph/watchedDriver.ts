import type { Driver } from "neo4j-driver";

/** A statement the gateway sends, as a watcher sees it. */
export interface Statement {
  /** The Cypher text, trimmed. */
  text: string;
  /** Its parameters, as given (not copied). */
  params: unknown;
  database: string | undefined;
}

/**
 * Told of every statement before it is sent; may return what to call when its
 * result ends (with the error, if it failed).
 */
export type StatementWatcher = (statement: Statement) => ((err?: unknown) => void) | void;

type AnyFn = (...args: unknown[]) => unknown;
type Done = (err?: unknown) => void;

function textOf(query: unknown): string {
  const text = typeof query === "string" ? query : typeof (query as { text?: unknown })?.text === "string" ? (query as { text: string }).text : "";
  return text.trim();
}

function paramsOf(query: unknown, params: unknown): unknown {
  return typeof query === "object" && query !== null && "parameters" in query ? (query as { parameters: unknown }).parameters : params;
}

/**
 * A statement's Result, `done` called when the result ends: awaited, streamed
 * to a subscriber, or summarised (whichever comes first). Nothing else about
 * the Result changes.
 */
function watchResult<R extends object>(result: R, done: Done): R {
  let ended = false;
  const end = (err?: unknown) => {
    if (ended) return;
    ended = true;
    done(err);
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

/** `run` of a session or transaction, the watcher told of each statement. */
const watchedRun = (target: object, run: AnyFn, database: string | undefined, watch: StatementWatcher) => (query: unknown, ...rest: unknown[]) => {
  const done = watch({ text: textOf(query), params: paramsOf(query, rest[0]), database });
  const result = run.call(target, query, ...rest) as object;
  return done ? watchResult(result, done) : result;
};

/** A transaction (or managed transaction) whose `run` is watched. */
function watchTx<T extends object>(tx: T, database: string | undefined, watch: StatementWatcher): T {
  return new Proxy(tx, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      if (prop === "run") return watchedRun(target, value as AnyFn, database, watch);
      return (value as AnyFn).bind(target);
    },
  });
}

function watchSession<S extends object>(session: S, database: string | undefined, watch: StatementWatcher): S {
  return new Proxy(session, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      if (prop === "run") return watchedRun(target, value as AnyFn, database, watch);
      if (prop === "executeRead" || prop === "executeWrite" || prop === "readTransaction" || prop === "writeTransaction") {
        return (work: AnyFn, ...rest: unknown[]) => (value as AnyFn).call(target, (tx: object) => work(watchTx(tx, database, watch)), ...rest);
      }
      if (prop === "beginTransaction") return (...args: unknown[]) => watchTx((value as AnyFn).apply(target, args) as object, database, watch);
      return (value as AnyFn).bind(target);
    },
  });
}

/**
 * The driver with `watch` told of each Neo4j statement, whoever runs it
 * (@neo4j/graphql's generated CRUD, the tools, the workers): through sessions,
 * transactions and executeQuery alike. Tracing (a span per statement) and the
 * plan-cache warm-up after a restart (statementMemory.ts) watch this way.
 */
export function watchStatements(driver: Driver, watch: StatementWatcher): Driver {
  return new Proxy(driver, {
    get(target, prop) {
      const value = Reflect.get(target, prop, target) as unknown;
      if (typeof value !== "function") return value;
      if (prop === "session") {
        return (config?: { database?: string }) => watchSession((value as AnyFn).call(target, config) as object, config?.database, watch);
      }
      if (prop === "executeQuery") {
        return (query: unknown, params?: unknown, config?: { database?: string }) => {
          const done = watch({ text: textOf(query), params: paramsOf(query, params), database: config?.database });
          const answer = (value as AnyFn).call(target, query, params, config) as Promise<unknown>;
          if (!done) return answer;
          return answer.then(
            (r) => {
              done();
              return r;
            },
            (e: unknown) => {
              done(e);
              throw e;
            },
          );
        };
      }
      return (value as AnyFn).bind(target);
    },
  }) as Driver;
}

/** Several watchers as one: each told of every statement, each result's end told to those that asked. */
export function allWatchers(watchers: readonly StatementWatcher[]): StatementWatcher {
  return (statement) => {
    const ends = watchers.map((w) => w(statement)).filter((d): d is Done => typeof d === "function");
    if (ends.length === 0) return undefined;
    return (err) => ends.forEach((end) => end(err));
  };
}
