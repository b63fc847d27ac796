/** What the knowledge feed reports as it serves (the gateway's metrics listen). */
export interface FeedObserver {
  /** A knowledgeFeed subscription started (+1) or ended (-1). */
  subscribers(delta: 1 | -1): void;
  /** A delivery went out: its mode, and for each event how long after its commit it left. */
  delivered(mode: "REPLAY" | "IMMEDIATE" | "BATCH", lagSeconds: readonly number[]): void;
}

export const IGNORED_FEED: FeedObserver = { subscribers: () => {}, delivered: () => {} };

/** The stream, calling `onEnd` once when it ends however it ends (completed, failed, or the client left). */
export function untilEnd<T>(stream: AsyncIterableIterator<T>, onEnd: () => void): AsyncIterableIterator<T> {
  let ended = false;
  const end = () => {
    if (ended) return;
    ended = true;
    onEnd();
  };
  return {
    async next() {
      try {
        const r = await stream.next();
        if (r.done) end();
        return r;
      } catch (err) {
        end();
        throw err;
      }
    },
    async return(value?: unknown) {
      end();
      return stream.return ? stream.return(value) : { value: undefined, done: true };
    },
    async throw(err?: unknown) {
      end();
      if (stream.throw) return stream.throw(err);
      throw err;
    },
    [Symbol.asyncIterator]() {
      return this;
    },
  };
}
