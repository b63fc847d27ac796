import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startTokenGateway, type TokenGateway } from "../../support/tokenGateway.js";

/**
 * The chatbot memory service limits retrieval per user of the chatbot
 * ("rate limiting, e.g. 10 requests/minute per user"), not per chatbot: one
 * chatbot token serves everyone in its channels. The user is the author of the
 * conversation's last message. Default limits (retrieveContext=10), real Neo4j.
 */
let tg: TokenGateway;
let token: string;
let origin: string;

beforeAll(async () => {
  tg = await startTokenGateway({ tenantPrefix: "peruser", config: { llm: null } });
  token = await tg.token(tg.caller("chatbot"));
  origin = tg.gw.url.replace(/\/graphql$/, "");
});
afterAll(async () => {
  await tg?.stop();
});

const retrieve = async (lastAuthor: string) => {
  const res = await fetch(`${origin}/api/memory/retrieve`, {
    method: "POST",
    headers: { "content-type": "application/json", authorization: `Bearer ${token}` },
    body: JSON.stringify({ messages: [{ author_id: "someone", content: "Morning all" }, { author_id: lastAuthor, content: "Who here knows Rust?" }], channel_id: "general" }),
  });
  return { status: res.status, retryAfter: res.headers.get("retry-after"), body: (await res.json()) as Record<string, any> };
};

describe("retrieveContext's rate limit is per end user of a chatbot token", () => {
  it("refuses a user's 11th request in a minute while another user of the same token is served", async () => {
    for (let i = 0; i < 10; i++) expect((await retrieve("user123")).status).toBe(200);
    const refused = await retrieve("user123");
    expect(refused.status).toBe(429);
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    expect(refused.body).toMatchObject({ code: "RATE_LIMITED", message: expect.stringMatching(/^Rate limit for retrieveContext is 10 per minute/), request_id: expect.any(String) });
    expect(refused.body.retry_after_seconds).toBeGreaterThan(0);
    const other = await retrieve("user456");
    expect(other.status).toBe(200);
    expect(other.body.confidence).toEqual(expect.any(String));
  });
});
