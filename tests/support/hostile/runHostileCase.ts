import type { Driver } from "neo4j-driver";
import { expect } from "vitest";
import { removeOwnedBy, uniqueAgent } from "../testGateway.js";
import { graphFingerprint, graphSnapshot, snapshotChanges, tenantFingerprint, type GraphFingerprint, type GraphSnapshot } from "./graphFingerprint.js";
import type { Expected, HostileCase, OperationRequest, RawRequest, Sender } from "./hostileCase.js";
import { mintToken, send, type Answer } from "./hostileClient.js";
import { removeFixture, seedFixture, tenantIdOf, type Fixture } from "./seedFixture.js";

export interface HostileEnv {
  url: string;
  driver: Driver;
  fx: Fixture;
  /** The graph as the last case left it: the fixture as seeded, as long as every case passes. */
  expected: GraphFingerprint;
  /** The same graph line by line, so a failing row names what it changed. */
  snapshot: GraphSnapshot;
}

/** A stack frame or a raw driver error in a response would leak internals. */
const STACK_FRAME = /\bat .+\.(?:js|ts|mjs|cjs):\d+/;
const DRIVER_ERROR = /Neo\.(?:ClientError|TransientError|DatabaseError)\./;

/**
 * Runs one row: sends the request as a fresh agent, checks the outcome and the
 * row's own assertion, and requires the graph's fingerprint to be the one the
 * previous row left (one fingerprint per row). Whatever the agent owns is
 * removed at the end. After a failure the fixture is seeded anew if the row
 * damaged it, and the fingerprint is taken anew, so one failing row cannot
 * fail the rows after it.
 */
export async function runHostileCase(c: HostileCase, env: HostileEnv): Promise<void> {
  const agentId = uniqueAgent("hostile");
  const authorization = await authorizationFor(c.as ?? { tenant: "T1", admin: true }, agentId);
  const headers: Record<string, string> = authorization ? { authorization } : {};
  let passed = false;
  try {
    const answer = await deliver(env, c.send, headers);
    expectAnswer(answer, c.expect);
    await c.check?.(answer, {
      fx: env.fx,
      driver: env.driver,
      agentId,
      gql: (query, variables = {}) => send(env.url, { body: JSON.stringify({ query, variables }), headers }),
    });
    const now = await graphFingerprint(env.driver);
    if (JSON.stringify(now) !== JSON.stringify(env.expected)) {
      expect(now, `the graph must be as it was before the case; changed:\n${snapshotChanges(env.snapshot, await graphSnapshot(env.driver))}`).toEqual(env.expected);
    }
    passed = true;
  } finally {
    await removeOwnedBy(env.driver, agentId);
    if (!passed) await recover(env);
  }
}

/** Re-seeds a fixture the failed row changed, then takes the graph's fingerprint as the new expectation. */
async function recover(env: HostileEnv): Promise<void> {
  const intact = await Promise.all(
    [env.fx.T1, env.fx.T2].map(async (t) => JSON.stringify(await tenantFingerprint(env.driver, t.tenantId)) === JSON.stringify(t.fingerprint)),
  );
  if (intact.includes(false)) {
    await removeFixture(env.driver);
    Object.assign(env.fx, await seedFixture(env.url, env.driver));
  }
  env.expected = await graphFingerprint(env.driver);
  env.snapshot = await graphSnapshot(env.driver);
}

async function authorizationFor(sender: Sender, agentId: string): Promise<string | null> {
  if ("authorization" in sender) return sender.authorization;
  const roles = sender.admin ? (["agent", "admin"] as const) : (["agent"] as const);
  return `Bearer ${await mintToken({ tenantId: tenantIdOf(sender.tenant), agentId, roles: [...roles] })}`;
}

function deliver(env: HostileEnv, request: OperationRequest | RawRequest, headers: Record<string, string>): Promise<Answer> {
  if ("rawBody" in request) {
    return send(`${env.url}${request.search ?? ""}`, {
      method: request.method ?? "POST",
      body: request.rawBody,
      headers: { ...headers, ...request.headers, ...(request.contentType ? { "content-type": request.contentType } : {}) },
    });
  }
  const variables = typeof request.variables === "function" ? request.variables(env.fx) : (request.variables ?? {});
  const body = JSON.stringify({ query: request.query, variables, ...(request.operationName ? { operationName: request.operationName } : {}) });
  return send(env.url, { body, headers });
}

/** The outcome a row names: its code on every error (and status, message, field), or a clean answer. */
export function expectAnswer(answer: Answer, expected: Expected): void {
  const shown = JSON.stringify(answer.body).slice(0, 2000);
  expect(shown, "no stack trace reaches the client").not.toMatch(STACK_FRAME);
  expect(shown, "no raw driver error reaches the client").not.toMatch(DRIVER_ERROR);
  if (expected.code === "no error") {
    expect(answer.body.errors, shown).toBeUndefined();
    expect(answer.status, shown).toBe(200);
    return;
  }
  const errors = answer.body.errors ?? [];
  expect(errors.length, `expected ${expected.code}, got HTTP ${answer.status} ${shown}`).toBeGreaterThan(0);
  expect(errors.map((e) => e.extensions?.code), shown).toEqual(errors.map(() => expected.code));
  if (expected.status !== undefined) expect(answer.status, shown).toBe(expected.status);
  const { message, field } = expected;
  if (message) expect(errors.map((e) => e.message).join("\n"), shown).toMatch(message);
  if (field !== undefined) {
    const named = errors[0]!.extensions?.field;
    if (typeof field === "string") expect(named, shown).toBe(field);
    else expect(String(named), shown).toMatch(field);
  }
}
