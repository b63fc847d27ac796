import { createRequire } from "node:module";

/** The part of a net.Socket this needs. */
interface CorkableSocket {
  cork(): void;
  uncork(): void;
  writableCorked: number;
}

/** The driver's Node channel, as far as this reads it (neo4j-driver-bolt-connection, lib/channel/node/node-channel.js). */
interface NodeChannelPrototype {
  write(this: { _conn?: CorkableSocket; _pending?: unknown }, buffer: unknown): void;
  [COALESCED]?: true;
}

const COALESCED = Symbol.for("mnemograph.boltWritesCoalesced");

/**
 * Sends the Bolt bytes the Neo4j driver writes in one tick of the event loop
 * as one socket write. The driver's chunker flushes every 1,400 bytes, each
 * flush a `socket.write` of its own: a statement with a long Cypher text or a
 * vector (384 floats, 3.5 KB) went out as 3–10 writes, each a system call and
 * a TCP segment (the socket has no delay) that Neo4j reads and wakes for. In
 * bench:profile's load mix those writes were 10.7% of the gateway's main
 * thread (docs/benchmarks.md). Corking the socket at the first write of a tick
 * and uncorking it once the tick's work is done (process.nextTick) hands Node
 * the tick's buffers together: one writev. Nothing waits longer: the uncork
 * runs before the event loop goes on to I/O or timers.
 *
 * The driver offers no setting for this, so it wraps the channel's `write`,
 * resolved from the driver's own dependencies (the instance the driver uses).
 * Once per process; a driver whose channel is not shaped as expected is left
 * as it is (false), and every write then goes out as before.
 */
export function coalesceBoltWrites(): boolean {
  const proto = nodeChannelPrototype();
  if (!proto) return false;
  if (proto[COALESCED]) return true;
  const write = proto.write;
  proto.write = function (this: { _conn?: CorkableSocket; _pending?: unknown }, buffer: unknown) {
    const socket = this._conn;
    // `_pending` is the driver's queue before the socket connects: those buffers are written on connect.
    if (this._pending === null && socket && typeof socket.cork === "function" && socket.writableCorked === 0) {
      socket.cork();
      process.nextTick(uncork, socket);
    }
    return write.call(this, buffer);
  };
  proto[COALESCED] = true;
  return true;
}

function uncork(socket: CorkableSocket): void {
  socket.uncork();
}

function nodeChannelPrototype(): NodeChannelPrototype | null {
  try {
    // From the driver's own place, so that it is the module instance the driver loaded.
    const fromDriver = createRequire(createRequire(import.meta.url).resolve("neo4j-driver"));
    const channel = fromDriver("neo4j-driver-bolt-connection/lib/channel/node/node-channel.js") as { default?: { prototype?: NodeChannelPrototype } };
    const proto = channel.default?.prototype;
    return proto && typeof proto.write === "function" ? proto : null;
  } catch {
    return null;
  }
}
