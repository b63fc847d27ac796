/**
 * The access matrix, one step further: a PRIVATE node must stay private when
 * it is reached through a relationship of a node the reader may see — in a
 * nested selection, a nested connection and its aggregate, and in every kind
 * of relationship filter. Generated from the schema: a relationship added
 * later is probed by itself.
 */
import { randomUUID } from "node:crypto";
import { isInterfaceType, type GraphQLNamedType } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leaksTo, mapLimit } from "../../support/access/accessClient.js";
import { loadAccessSchema, startAccessGateway, uniqueStrings, type AccessGateway } from "../../support/access/accessGateway.js";
import { castPersonas } from "../../support/access/personas.js";
import {
  countThrough,
  filterThrough,
  hasAggregate,
  linkedCreateInput,
  linkedCreateMutation,
  readThrough,
  relationshipPlans,
  SERVER_WRITTEN_RELATIONSHIPS,
  type LinkedFixture,
} from "../../support/access/relationshipProbes.js";

const SECRET = `access-relationships-${randomUUID()}`;
const { schema, rules, types } = await loadAccessSchema();
const relationships = relationshipPlans(schema, types);
const cast = await castPersonas(SECRET);
const { owner, otherAgent } = cast.byName;
const nextUnique = uniqueStrings(cast.run);

let access: AccessGateway;
/** A SHARED root linking a PRIVATE target, by relationship coordinate. */
const linked = new Map<string, LinkedFixture>();
const problems = new Map<string, string>();

beforeAll(async () => {
  access = await startAccessGateway(SECRET, cast);
  await mapLimit(relationships.creatable, 8, async (plan) => {
    try {
      const { input, targetSecrets } = linkedCreateInput(schema, rules, plan, nextUnique);
      const create = plan.root.fields.create!;
      const res = await access.client.send(owner, linkedCreateMutation(plan, input), true);
      const [root] = (res.data?.[create.name]?.[create.cls.responseField!] ?? []) as Record<string, any>[];
      const targetId = root?.[plan.field]?.[0]?.id as string | undefined;
      if (res.errors || !root || !targetId) throw new Error(`create failed: ${res.text}`);
      linked.set(plan.coordinate, { rootId: root.id, targetId, secrets: [targetId, ...targetSecrets] });
    } catch (err) {
      problems.set(plan.coordinate, (err as Error).message);
    }
  });
});

afterAll(async () => {
  await access?.stored.removeAll();
  await access?.gw.stop();
});

const linkOf = (coordinate: string): LinkedFixture => {
  const link = linked.get(coordinate);
  if (!link) throw new Error(`${coordinate} has no linked fixture: ${problems.get(coordinate) ?? "not created"}`);
  return link;
};

describe("every relationship between Owned types is probed", () => {
  it("each is written by a nested create, unless only the server writes it", () => {
    const unprobed = relationships.notCreatable.filter((c) => !SERVER_WRITTEN_RELATIONSHIPS.includes(c));
    expect(unprobed, unprobed.map((c) => `relationship ${c} cannot be probed: add it to the matrix`).join("\n")).toEqual([]);
  });
});

/**
 * What `all` answers. Over an interface target (Knowledge) @neo4j/graphql 7.6
 * answers `all` with nothing for every caller, owner included: wrong, but the
 * same for all, so it leaks nothing; concrete targets answer correctly.
 */
function allAnswer(plan: { target: GraphQLNamedType }, expected: { id: string }[]) {
  return isInterfaceType(plan.target) ? [] : expected;
}

describe("through relationships, a PRIVATE node stays private", () => {
  for (const plan of relationships.creatable) {
    const root = plan.root.node.name;
    const target = plan.target.name;
    const list = plan.root.fields.list!.name;

    it.concurrent(`${plan.coordinate}: the owner reads and filters by the PRIVATE ${target} it linked to a SHARED ${root}`, async () => {
      const link = linkOf(plan.coordinate);
      const read = await access.client.send(owner, readThrough(plan, link.rootId), true);
      expect(read.errors, read.text).toBeUndefined();
      const [node] = read.data![list];
      expect(node[plan.field].map((n: { id: string }) => n.id)).toEqual([link.targetId]);
      expect(node[`${plan.field}Connection`]).toMatchObject({ totalCount: 1, ...(hasAggregate(plan) ? { aggregate: { count: { nodes: 1 } } } : {}) });
      const filtered = await access.client.send(owner, filterThrough(plan, link.rootId, link.targetId), true);
      expect(filtered.errors, filtered.text).toBeUndefined();
      const found = [{ id: link.rootId }];
      expect(filtered.data).toEqual({ some: found, none: [], all: allAnswer(plan, found), connection: found });
    });

    // Other agent stands for every reader of the root who may not read the target: approver's read rights are the same.
    it.concurrent(`${plan.coordinate}: other agent reading a SHARED ${root} gets none of its PRIVATE ${target}, not even counted`, async () => {
      const link = linkOf(plan.coordinate);
      const read = await access.client.send(otherAgent, readThrough(plan, link.rootId));
      expect(read.errors, read.text).toBeUndefined();
      const [node] = read.data![list];
      expect(node[plan.field]).toEqual([]);
      expect(node[`${plan.field}Connection`]).toEqual({ totalCount: 0, edges: [], ...(hasAggregate(plan) ? { aggregate: { count: { nodes: 0 } } } : {}) });
    });

    it.concurrent(`${plan.coordinate}: other agent cannot tell from filters that a SHARED ${root} links a PRIVATE ${target}`, async () => {
      const link = linkOf(plan.coordinate);
      const filtered = await access.client.send(otherAgent, filterThrough(plan, link.rootId, link.targetId));
      expect(filtered.errors, filtered.text).toBeUndefined();
      expect(filtered.data).toEqual({ some: [], none: [{ id: link.rootId }], all: allAnswer(plan, [{ id: link.rootId }]), connection: [] });
    });

    it.concurrent(`${plan.coordinate}: a count of related nodes in a filter is refused to non-admins, owner included`, async () => {
      if (!hasAggregate(plan)) return;
      const link = linkOf(plan.coordinate);
      for (const persona of [owner, otherAgent]) {
        const counted = await access.client.send(persona, countThrough(plan, link.rootId));
        expect(counted.errors?.[0]?.extensions?.code, counted.text).toBe("FORBIDDEN");
        expect(counted.data ?? null).toBeNull();
      }
    });
  }
});

describe("zero leaks through relationships", () => {
  it("no response to other agent shows a PRIVATE target's id or content", () => {
    const secrets = [...linked.values()].flatMap((l) => l.secrets);
    expect(access.client.log.some((r) => r.persona === "otherAgent")).toBe(true);
    const leaks = leaksTo(access.client.log, "otherAgent", secrets);
    expect(leaks, leaks.join("\n")).toEqual([]);
  });
});
