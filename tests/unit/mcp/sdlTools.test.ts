import { parse } from "graphql";
import { z } from "zod";
import { describe, expect, it } from "vitest";
import { ADDS, READ, declareAgentTool } from "../../../src/core/agentTool.js";
import { SdlIndex, sdlTool } from "../../../src/mcp/sdlTools.js";
import { AGENT_TOOLS, mcpTools } from "../../../src/mcp/tools.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";

const SDL = parse(`
  directive @constraint(min: Float, max: Float) on ARGUMENT_DEFINITION | INPUT_FIELD_DEFINITION
  enum Kind { A B }
  scalar DateTime
  input Shot { "the bytes" base64: String!  mimeType: String }
  input TurnIn { "from 1" number: Int! @constraint(min: 1, max: 10)  shot: Shot  when: DateTime }
  type Turn { number: Int!  kinds: [Kind!]!  shot: Shot2  node: Node @relationship }
  type Shot2 { mimeType: String }
  interface Node { id: ID! }
  type Query {
    "A turn."
    turnById("its id" id: ID!, "how many" limit: Int = 4 @constraint(min: 1, max: 50), kind: Kind): Turn!
  }
  type Mutation {
    "Records a turn."
    recordTurn("the session" sessionId: ID!, turn: TurnIn!): Turn!
  }
`);
const index = new SdlIndex(SDL);
const schema = (shape: z.ZodRawShape) => {
  const { $schema: _s, ...rest } = z.toJSONSchema(z.object(shape)) as Record<string, unknown>;
  return rest;
};
const tool = (t: object) => declareAgentTool({ name: "x_tool", field: "whoami", title: "X", hints: READ, render: () => "", ...t });

describe("an agent tool's MCP side, from its SDL field", () => {
  it("offers the field's arguments in snake_case with the SDL's descriptions, enums, ranges and defaults as optional", () => {
    const t = sdlTool(index, tool({ field: "turnById", describe: { kind: "which kind" } }), () => undefined);
    expect(schema(t.input)).toEqual({
      type: "object",
      properties: {
        id: { type: "string", description: "its id" },
        limit: { type: "integer", minimum: 1, maximum: 50, description: "how many" },
        kind: { type: "string", enum: ["A", "B"], description: "which kind" },
      },
      required: ["id"],
      additionalProperties: false,
    });
    expect(t.description).toBe("A turn.");
    expect(t.operation).toBe("query");
    // The generated operation: a nullable variable where the SDL has a default, the result's scalars and enums, no node links.
    expect(t.document).toBe("query XTool($id: ID!, $limit: Int, $kind: Kind) { turnById(id: $id, limit: $limit, kind: $kind) { number kinds shot { mimeType } } }");
    expect(t.variables({ id: "t1", kind: "A" })).toEqual({ id: "t1", kind: "A" });
  });

  it("flattens fields of input objects; required only when the whole path is", () => {
    const t = sdlTool(
      index,
      tool({ field: "recordTurn", args: ["sessionId", "turn.number", "turn.shot.base64", "turn.shot.mimeType"], describe: { number: "the turn", shot_mime_type: "png or jpeg" } }),
      () => undefined,
    );
    expect(Object.keys(t.input)).toEqual(["session_id", "number", "shot_base64", "shot_mime_type"]);
    expect((schema(t.input) as { required: string[] }).required).toEqual(["session_id", "number"]);
    expect(t.variables({ session_id: "s", number: 2, shot_base64: "AAA" })).toEqual({ sessionId: "s", turn: { number: 2, shot: { base64: "AAA" } } });
    expect(t.document.startsWith("mutation XTool($sessionId: ID!, $turn: TurnIn!) { recordTurn(sessionId: $sessionId, turn: $turn)")).toBe(true);
  });

  it("refuses an input property without a description, and a field or argument the SDL does not have", () => {
    expect(() => sdlTool(index, tool({ field: "turnById" }), () => undefined)).toThrow("Agent tool input kind has no description");
    expect(() => sdlTool(index, tool({ field: "nope" }), () => undefined)).toThrow("nope is not a Query or Mutation field");
    expect(() => sdlTool(index, tool({ field: "turnById", args: ["size"] }), () => undefined)).toThrow("turnById has no argument size");
  });
});

describe("the declared agent tools", () => {
  it("have one snake_case name each, and are Query or Mutation fields of schema/", () => {
    const names = AGENT_TOOLS.map((t) => t.name);
    expect(new Set(names).size).toBe(names.length);
    for (const n of names) expect(n).toMatch(/^[a-z]+(_[a-z]+)*$/);
    const sdl = new SdlIndex(loadTypeDefs().document);
    for (const t of AGENT_TOOLS) expect(() => sdl.root(t.field)).not.toThrow();
    expect(ADDS.readOnly).toBe(false);
  });

  it("build, with every MCP tool's operation naming its field", () => {
    for (const t of mcpTools(() => undefined)) expect(t.document, t.name).toContain(`${t.field}`);
  });
});
