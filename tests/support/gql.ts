import { expect } from "vitest";
import type { Caller } from "../../src/core/caller.js";
import type { GraphQLResponse, TestGateway } from "./testGateway.js";
import type { TokenGateway } from "./tokenGateway.js";

/** Runs an operation that must succeed, and returns its data. */
export async function ok<T = Record<string, any>>(
  gw: TestGateway,
  query: string,
  variables: Record<string, unknown>,
  agent: string,
): Promise<T> {
  const res: GraphQLResponse<T> = await gw.request<T>(query, variables, agent);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data as T;
}

/** Runs an operation as `caller` of a token gateway (a bearer token of its own); it must succeed, and its data is returned. */
export async function okAs<T = Record<string, any>>(tg: TokenGateway, caller: Caller, query: string, variables: Record<string, unknown> = {}): Promise<T> {
  const res = await tg.as<T>(caller, query, variables);
  expect(res.errors, JSON.stringify(res.errors)).toBeUndefined();
  return res.data as T;
}

/** Runs an operation that must fail, and returns its first error. */
export async function fails(
  gw: TestGateway,
  query: string,
  variables: Record<string, unknown>,
  agent: string,
): Promise<{ message: string; code: unknown; field: unknown }> {
  const res = await gw.request(query, variables, agent);
  expect(res.errors, `expected an error, got ${JSON.stringify(res.data)}`).toBeDefined();
  const [first] = res.errors!;
  return { message: first!.message, code: first!.extensions?.code, field: first!.extensions?.field };
}
