import WebSocket from "ws";

export type Handshake = { accepted: true; socket: WebSocket } | { accepted: false; closeCode: number };

/**
 * Opens a graphql-ws connection with these connection params and reports
 * whether the gateway acknowledged it or closed it (and with which code).
 */
export function connect(url: string, params: Record<string, unknown>): Promise<Handshake> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url.replace(/^http/, "ws"), "graphql-transport-ws");
    socket.once("error", reject);
    socket.once("open", () => socket.send(JSON.stringify({ type: "connection_init", payload: params })));
    socket.once("close", (code) => resolve({ accepted: false, closeCode: code }));
    socket.on("message", (raw) => {
      const message = JSON.parse(String(raw)) as { type: string };
      if (message.type === "connection_ack") resolve({ accepted: true, socket });
    });
  });
}

/** Runs one operation over an acknowledged connection and returns its single result. */
export function execute(socket: WebSocket, query: string, variables: Record<string, unknown>): Promise<{ data?: any; errors?: any[] }> {
  const id = Math.random().toString(36).slice(2);
  return new Promise((resolve, reject) => {
    const onMessage = (raw: WebSocket.RawData) => {
      const message = JSON.parse(String(raw)) as { id?: string; type: string; payload?: any };
      if (message.id !== id) return;
      if (message.type === "next") resolve(message.payload);
      if (message.type === "error") resolve({ errors: message.payload });
      if (message.type === "complete" || message.type === "error") socket.off("message", onMessage);
    };
    socket.on("message", onMessage);
    socket.once("close", (code) => reject(new Error(`closed with ${code}`)));
    socket.send(JSON.stringify({ id, type: "subscribe", payload: { query, variables } }));
  });
}
