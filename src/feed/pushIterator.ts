/**
 * An async iterator fed by pushes, for subscription streams: `return()` (the
 * client unsubscribed or the socket closed) ends it at once, even while the
 * producer is waiting, and runs `onClose`.
 */
export interface PushIterator<T> extends AsyncIterableIterator<T> {
  push(value: T): void;
  fail(error: unknown): void;
  readonly closed: boolean;
}

export function pushIterator<T>(onClose: () => void): PushIterator<T> {
  const values: T[] = [];
  const waiters: { resolve: (r: IteratorResult<T>) => void; reject: (e: unknown) => void }[] = [];
  let closed = false;
  let failure: { error: unknown } | null = null;
  const close = () => {
    if (closed) return;
    closed = true;
    onClose();
    for (const w of waiters.splice(0)) w.resolve({ value: undefined, done: true });
  };
  return {
    push(value) {
      if (closed) return;
      const waiter = waiters.shift();
      if (waiter) waiter.resolve({ value, done: false });
      else values.push(value);
    },
    fail(error) {
      if (closed) return;
      failure = { error };
      const waiter = waiters.shift();
      if (waiter) {
        waiter.reject(error);
        close();
      }
    },
    get closed() {
      return closed;
    },
    next() {
      if (values.length) return Promise.resolve({ value: values.shift()!, done: false });
      if (failure) {
        const { error } = failure;
        close();
        return Promise.reject(error);
      }
      if (closed) return Promise.resolve({ value: undefined, done: true });
      return new Promise((resolve, reject) => waiters.push({ resolve, reject }));
    },
    return() {
      close();
      return Promise.resolve({ value: undefined, done: true });
    },
    throw(error) {
      close();
      return Promise.reject(error);
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
