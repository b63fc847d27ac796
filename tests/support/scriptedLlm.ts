import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";

/** A chat-completions request as the scripted model received it. */
export interface ReceivedRequest {
  model: string;
  messages: { role: string; content: string | null; tool_call_id?: string; tool_calls?: { id: string; function: { name: string; arguments: string } }[] }[];
  tools?: { type: string; function: { name: string; description: string; parameters: Record<string, unknown> } }[];
}

/** One scripted answer: tool calls, a final reply, an HTTP error, or silence for a while first. */
export type ScriptedReply =
  | { calls: { name: string; arguments: string | Record<string, unknown> }[]; content?: string; delayMs?: number; tokens?: number }
  | { content: string; delayMs?: number; tokens?: number }
  | { status: number; delayMs?: number; retryAfterMs?: number };

/** Decides the reply to a request; called once per request, in order. */
export type Script = (request: ReceivedRequest, index: number) => ScriptedReply;

/**
 * An OpenAI-compatible `/v1/chat/completions` endpoint that answers from a
 * script, so the real `openai` client and the real loop can be driven
 * deterministically: tool calls, replies, HTTP errors, delays. Records every request.
 */
export interface ScriptedLlm {
  baseUrl: string;
  requests: ReceivedRequest[];
  /** For each request, in order: milliseconds from having read it to having written the reply (the model's own time, delay included). */
  servedMs: number[];
  /** Replaces the script (and forgets recorded requests). */
  play(script: Script | ScriptedReply[]): void;
  close(): Promise<void>;
}

export async function startScriptedLlm(): Promise<ScriptedLlm> {
  let script: Script = () => ({ content: "Nothing to add." });
  let requests: ReceivedRequest[] = [];
  let servedMs: number[] = [];
  let callCounter = 0;
  const server: Server = createServer((req, res) => {
    let body = "";
    req.on("data", (c: Buffer) => (body += c.toString()));
    req.on("end", () => {
      if (req.url !== "/v1/chat/completions") {
        res.statusCode = 404;
        res.end();
        return;
      }
      const received = performance.now();
      const request = JSON.parse(body) as ReceivedRequest;
      const index = requests.push(request) - 1;
      const reply = script(request, index);
      const answer = () => {
        if (res.destroyed) return;
        res.once("finish", () => (servedMs[index] = performance.now() - received));
        if ("status" in reply) {
          res.statusCode = reply.status;
          res.setHeader("content-type", "application/json");
          // retry-after-ms keeps the client's backoff short in tests (the openai client honours it).
          res.setHeader("retry-after-ms", String(reply.retryAfterMs ?? 1));
          res.end(JSON.stringify({ error: { message: `scripted ${reply.status}`, type: "server_error" } }));
          return;
        }
        const toolCalls =
          "calls" in reply
            ? reply.calls.map((c) => ({
                id: `call_${++callCounter}`,
                type: "function",
                function: { name: c.name, arguments: typeof c.arguments === "string" ? c.arguments : JSON.stringify(c.arguments) },
              }))
            : undefined;
        const tokens = reply.tokens ?? 100;
        res.setHeader("content-type", "application/json");
        res.end(
          JSON.stringify({
            id: `chatcmpl-${index}`,
            object: "chat.completion",
            created: 0,
            model: request.model,
            choices: [{ index: 0, finish_reason: toolCalls ? "tool_calls" : "stop", message: { role: "assistant", content: reply.content ?? null, ...(toolCalls ? { tool_calls: toolCalls } : {}) } }],
            usage: { prompt_tokens: tokens - 10, completion_tokens: 10, total_tokens: tokens },
          }),
        );
      };
      if (reply.delayMs) setTimeout(answer, reply.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    get requests() {
      return requests;
    },
    get servedMs() {
      return servedMs;
    },
    play(next) {
      requests = [];
      servedMs = [];
      script = Array.isArray(next) ? (_r, i) => next[Math.min(i, next.length - 1)]! : next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
