import { randomUUID } from "node:crypto";
import type { GraphQLSchema } from "graphql";
import type { RuleTable } from "../../../src/schema/inputRules.js";
import type { RootField } from "./classifyRootFields.js";
import { minimalCreateInput } from "./minimalCreateInput.js";
import * as ops from "./operations.js";

export interface AttemptContext {
  schema: GraphQLSchema;
  rules: RuleTable;
  /** The fixture ids of a type: what reads, updates and deletes aim at. */
  fixtureIds: (type: string) => string[];
  tag: string;
  nextUnique: () => string;
}

/**
 * The request a caller sends to a root field: the matrix's own operation, aimed
 * at the fixtures, when the field is classified; any well-formed request
 * otherwise (it must be refused before its arguments matter).
 */
export function attemptOf(root: RootField, ctx: AttemptContext): ops.Operation {
  const cls = root.class;
  const name = root.field.name;
  if (!cls) return ops.anyOperation(root);
  switch (cls.kind) {
    case "list":
      return ops.listQuery(name, cls, ctx.fixtureIds(cls.node.name));
    case "connection":
      return ops.connectionQuery(name, cls, ctx.fixtureIds(cls.node.name));
    case "interfaceList":
    case "interfaceConnection":
      return ops.interfaceQuery(ctx.schema, name, cls.node, ctx.tag, cls.kind === "interfaceConnection" ? "connection" : "list");
    case "create":
      return ops.createMutation(name, cls, [minimalCreateInput(ctx.schema, ctx.rules, cls.node.name, ctx.nextUnique).input]);
    case "update":
      return ops.updateMutation(name, cls, ctx.fixtureIds(cls.node.name), { visibility: { set: "SHARED" } });
    case "delete":
      return ops.deleteMutation(name, ctx.fixtureIds(cls.node.name));
    case "custom":
      if (name === "apiKeys") return { query: ops.API_KEYS, variables: {} };
      if (name === "createApiKey") return { query: ops.CREATE_API_KEY, variables: { agentId: ctx.nextUnique() } };
      if (name === "revokeApiKey") return { query: ops.REVOKE_API_KEY, variables: { id: randomUUID() } };
      return ops.anyOperation(root);
  }
}
