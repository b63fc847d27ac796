import type { GraphQLSchema } from "graphql";
import type { RuleTable } from "../../../src/schema/inputRules.js";
import { mapLimit, type AccessClient } from "./accessClient.js";
import type { TypePlan } from "./accessPlan.js";
import { minimalCreateInput } from "./minimalCreateInput.js";
import { CREATED_BY_CUSTOM_MUTATION } from "./classifyRootFields.js";
import { createGameFixtures } from "./gameFixtures.js";
import { createMutation } from "./operations.js";
import type { Persona } from "./personas.js";

/** Two PRIVATE nodes of one type, written by the owner through GraphQL. */
export interface Fixture {
  type: string;
  ids: [string, string];
  /** Ids, the run's tag and every unique string in them: none may reach a response that should not show them. */
  secrets: string[];
}

export interface FixtureSet {
  fixtures: Map<string, Fixture>;
  /** Why a type has no fixture: it could not be built or written. */
  problems: Map<string, string>;
}

/**
 * Writes two PRIVATE nodes of every `Owned` type as the owner, each from the
 * smallest input its schema accepts, tagged with `tag` in `sharedWith` (an id
 * no persona has) so interface queries can find exactly them.
 */
export async function createFixtures(options: {
  client: AccessClient;
  owner: Persona;
  schema: GraphQLSchema;
  rules: RuleTable;
  types: readonly TypePlan[];
  tag: string;
  nextUnique: () => string;
}): Promise<FixtureSet> {
  const { client, owner, schema, rules, types, tag, nextUnique } = options;
  const set: FixtureSet = { fixtures: new Map(), problems: new Map() };
  const custom = types.filter(({ node }) => node.name in CREATED_BY_CUSTOM_MUTATION);
  if (custom.length > 0) {
    try {
      const written = await createGameFixtures({ client, owner, tag, nextUnique });
      for (const { node } of custom) {
        const fixture = written.get(node.name);
        if (fixture) set.fixtures.set(node.name, { type: node.name, ...fixture });
        else set.problems.set(node.name, `no fixture writer for ${node.name} (created by ${CREATED_BY_CUSTOM_MUTATION[node.name]})`);
      }
    } catch (err) {
      for (const { node } of custom) set.problems.set(node.name, (err as Error).message);
    }
  }
  await mapLimit(types.filter((t) => !custom.includes(t)), 8, async ({ node, fields }) => {
    try {
      if (!fields.create) throw new Error(`${node.name} has no generated create mutation`);
      const built = [minimalCreateInput(schema, rules, node.name, nextUnique), minimalCreateInput(schema, rules, node.name, nextUnique)];
      const input = built.map((b) => ({ ...b.input, visibility: "PRIVATE", sharedWith: [tag] }));
      const res = await client.send(owner, createMutation(fields.create.name, fields.create.cls, input));
      const created = res.data?.[fields.create.name]?.[fields.create.cls.responseField!] as { id: string }[] | undefined;
      if (res.errors || created?.length !== 2) throw new Error(`create failed: ${res.text}`);
      const ids = created.map((n) => n.id) as [string, string];
      set.fixtures.set(node.name, { type: node.name, ids, secrets: [...ids, tag, ...built.flatMap((b) => b.secrets)] });
    } catch (err) {
      set.problems.set(node.name, (err as Error).message);
    }
  });
  return set;
}
