import express from "express";
import type { WebSocket, WebSocketServer } from "ws";

/**
 * Text reaches the graph exactly as the client sent it, or not at all: a body
 * or WebSocket message that is not valid UTF-8 (stray bytes, overlong forms,
 * CESU-8 surrogates) is refused, never repaired with U+FFFD.
 */
const utf8 = new TextDecoder("utf-8", { fatal: true });

export function isValidUtf8(bytes: Uint8Array): boolean {
  try {
    utf8.decode(bytes);
    return true;
  } catch {
    return false;
  }
}

/** The body-parser error a refused body carries (answered by the door's error handler). */
export const INVALID_UTF8 = "encoding.invalid_utf8";

/** express.json that refuses a body which is not valid UTF-8 (400, `INVALID_UTF8`). */
export function strictJson(limitBytes: number): express.RequestHandler {
  return express.json({
    limit: limitBytes,
    verify: (_req, _res, buf) => {
      if (isValidUtf8(buf)) return;
      throw Object.assign(new Error("Request body is not valid UTF-8"), { status: 400, type: INVALID_UTF8 });
    },
  });
}

/** RFC 6455's close code for a message whose data is not consistent with its type. */
const INVALID_PAYLOAD = 1007;

type Listener = (...args: unknown[]) => void;

/** A frame the client got wrong (bad UTF-8, bad opcode, too large): `ws` closes the socket itself with the right code. */
const isClientFrameError = (err: unknown) => typeof (err as { code?: unknown })?.code === "string" && (err as { code: string }).code.startsWith("WS_ERR_");

/**
 * The `ws` library already closes a text frame that is not UTF-8 (1007), but a
 * binary frame reaches graphql-ws, which decodes it leniently. This wraps each
 * socket's `message` listeners, before graphql-ws adds its own, so that such a
 * frame closes the socket with 1007 instead. A frame error `ws` has already
 * answered is not handed on to graphql-ws, which would log it as an internal
 * error. Call before `useServer`.
 */
export function refuseInvalidFrames(wsServer: WebSocketServer): void {
  wsServer.on("connection", (socket: WebSocket) => {
    const once = socket.once.bind(socket) as (event: string, listener: Listener) => WebSocket;
    socket.once = ((event: string, listener: Listener) =>
      once(event, event === "error" ? (err: unknown) => (isClientFrameError(err) ? undefined : listener(err)) : listener)) as WebSocket["once"];
    const on = socket.on.bind(socket) as (event: string, listener: Listener) => WebSocket;
    socket.on = ((event: string, listener: Listener) => {
      if (event !== "message") return on(event, listener);
      return on("message", (data: unknown, isBinary: unknown) => {
        if (isBinary && !isValidUtf8(toBytes(data))) {
          socket.close(INVALID_PAYLOAD, "Message is not valid UTF-8");
          return;
        }
        listener(data, isBinary);
      });
    }) as WebSocket["on"];
  });
}

function toBytes(data: unknown): Uint8Array {
  if (Array.isArray(data)) return Buffer.concat(data as Buffer[]);
  if (data instanceof ArrayBuffer) return new Uint8Array(data);
  return data as Uint8Array;
}
