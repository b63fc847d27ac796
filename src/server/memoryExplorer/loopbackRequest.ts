/** What the local-token route looks at to decide that a request comes from this machine's own browser. */
export interface RequestOrigin {
  /** The socket's peer address (`req.socket.remoteAddress`). */
  remoteAddress: string | undefined;
  /** The Host header as sent. */
  host: string | undefined;
  /** The Origin header, when the browser sent one. */
  origin: string | undefined;
}

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** A peer address on this machine: 127.0.0.0/8, ::1, or either mapped into IPv6. */
export function isLoopbackAddress(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith("::ffff:") ? address.slice("::ffff:".length) : address;
  return v4.startsWith("127.") || address === "::1";
}

/** The host name of a Host header value (`name[:port]`, `[v6]:port`), lower-cased, or null when it is not one. */
function hostName(host: string): string | null {
  try {
    return new URL(`http://${host}`).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/**
 * May this request receive the local token? Only when all three hold:
 * - the socket's peer is this machine (no other machine ever gets it);
 * - the Host header names loopback: a page of another site that rebinds its DNS
 *   name to 127.0.0.1 reaches the socket, but sends its own name as Host;
 * - an Origin header, when present, is this very host: another page on
 *   another loopback port (or any site) cannot read it with fetch.
 * Pure, so each refusal is tested without a socket.
 */
export function mayReceiveLocalToken({ remoteAddress, host, origin }: RequestOrigin): boolean {
  if (!isLoopbackAddress(remoteAddress) || !host) return false;
  const name = hostName(host);
  if (!name || !(LOOPBACK_NAMES.has(name) || /^127(\.\d{1,3}){3}$/.test(name))) return false;
  if (origin === undefined) return true;
  try {
    const given = new URL(origin);
    return given.protocol === "http:" && given.host === new URL(`http://${host}`).host;
  } catch {
    return false;
  }
}
