/**
 * Acceptance of "Identity and access": every root field of the schema ×
 * {no token, forged signature, expired token, other tenant, other agent, the
 * owner, approver, admin}, generated from the executable schema, with zero
 * leaks. A type or root field added later joins the matrix by itself, or makes
 * it fail until someone says what access it must enforce.
 */
import { randomUUID } from "node:crypto";
import { getNamedType, type GraphQLObjectType, type GraphQLSchema } from "graphql";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { leaksTo, type AccessResponse } from "../../support/access/accessClient.js";
import { loadAccessSchema, startAccessGateway, uniqueStrings, type AccessGateway } from "../../support/access/accessGateway.js";
import { CRUD_KINDS, READERS, WRITERS, type InterfacePlan, type VisibilityState } from "../../support/access/accessPlan.js";
import { attemptOf } from "../../support/access/attemptOf.js";
import { CREATED_BY_CUSTOM_MUTATION } from "../../support/access/classifyRootFields.js";
import { createFixtures, type Fixture, type FixtureSet } from "../../support/access/createFixtures.js";
import { CYPHER_FIELD_PROBES, cypherFieldsOfOwnedTypes } from "../../support/access/cypherFieldProbes.js";
import { minimalCreateInput } from "../../support/access/minimalCreateInput.js";
import * as ops from "../../support/access/operations.js";
import { castPersonas, type Persona, type PersonaName } from "../../support/access/personas.js";
import { readIds, readInterfaceIds } from "../../support/access/readBack.js";
import { connect, execute } from "../../support/access/webSocketProbe.js";
import { extractGraphLinks, listQueryOf } from "../../../src/schema/graphLinks.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";

const SECRET = `access-matrix-${randomUUID()}`;
const { schema, rules, roots, types, interfaces } = await loadAccessSchema();
const cast = await castPersonas(SECRET);
const { owner, admin, otherAgent, approver, otherTenant } = cast.byName;
const AUTHENTICATED = cast.all.filter((p) => p.authenticated);
const UNAUTHENTICATED = cast.all.filter((p) => !p.authenticated);
/** Authenticated, yet neither the owner nor an admin of the owner's tenant. */
const INTRUDERS = AUTHENTICATED.filter((p) => !WRITERS.includes(p.name));
/** An agent id no persona has: every fixture carries it in `sharedWith`, so interface queries can find exactly them. */
const TAG = `fixture-${cast.run}`;
const nextUnique = uniqueStrings(cast.run);

let access: AccessGateway;
let fixtureSet: FixtureSet;
/** Who may read the fixtures right now: responses to the others are searched for leaks. */
let readers: readonly PersonaName[] = READERS.PRIVATE;

const send = (persona: Persona, operation: ops.Operation) => access.client.send(persona, operation, readers.includes(persona.name));
const fixtureOf = (type: string): Fixture => {
  const fixture = fixtureSet.fixtures.get(type);
  if (!fixture) throw new Error(`${type} has no fixture: ${fixtureSet.problems.get(type) ?? "not created"}`);
  return fixture;
};
/** A type's fixture ids; none when it has no fixture (its own test says why). */
const fixtureIds = (type: string) => fixtureSet.fixtures.get(type)?.ids ?? [];
const allFixtureIds = () => [...fixtureSet.fixtures.values()].flatMap((f) => f.ids);
const codes = (res: AccessResponse) => (res.errors ?? []).map((e) => e.extensions?.code);

beforeAll(async () => {
  access = await startAccessGateway(SECRET, cast);
  fixtureSet = await createFixtures({ client: access.client, owner, schema, rules, types, tag: TAG, nextUnique });
});

afterAll(async () => {
  await access?.stored.removeAll();
  await access?.gw.stop();
});

describe("the matrix covers the whole schema", () => {
  it("every root field of Query, Mutation and Subscription has an access expectation", () => {
    const missing = roots.filter((r) => !r.class).map((r) => `root field ${r.coordinate} has no access expectation: add it to the matrix`);
    expect(missing, missing.join("\n")).toEqual([]);
  });

  it("every Owned type has generated list, connection, create, update and delete fields (no create when a hand-written mutation writes it)", () => {
    const gaps = types.flatMap((t) => {
      const customCreate = CREATED_BY_CUSTOM_MUTATION[t.node.name];
      const expected = customCreate ? CRUD_KINDS.filter((k) => k !== "create") : CRUD_KINDS;
      const missing = expected.filter((k) => !t.fields[k]).map((k) => `${t.node.name} has no ${k} field the matrix recognises`);
      const bypass = customCreate && t.fields.create ? [`${t.node.name} has a generated create beside ${customCreate}`] : [];
      const writer = customCreate && !roots.some((r) => r.coordinate === customCreate) ? [`${t.node.name} is written by ${customCreate}, which is not served`] : [];
      return [...missing, ...bypass, ...writer];
    });
    expect(gaps, gaps.join("\n")).toEqual([]);
  });

  it("the running gateway serves exactly the root fields the matrix was generated from", async () => {
    const res = await send(admin, {
      query: `{ __schema { queryType { fields { name } } mutationType { fields { name } } subscriptionType { fields { name } } } }`,
      variables: {},
    });
    const served = ["queryType", "mutationType", "subscriptionType"].flatMap((root) =>
      ((res.data?.__schema?.[root]?.fields ?? []) as { name: string }[]).map((f) => f.name),
    );
    expect(served.sort()).toEqual(roots.map((r) => r.field.name).sort());
  });

  it("every @graphLink of a tool's result reads through a generated list query the matrix reads with every persona", () => {
    const read = new Set([...types.flatMap((t) => (t.fields.list ? [t.fields.list.name] : [])), ...interfaces.map((i) => i.name)]);
    const unread = [...extractGraphLinks(loadTypeDefs().document).keys()].flatMap((coordinate) => {
      const [type, field] = coordinate.split(".") as [string, string];
      const target = getNamedType((schema.getType(type) as GraphQLObjectType).getFields()[field]!.type).name;
      const query = listQueryOf(schema, target);
      return query && read.has(query) ? [] : [`${coordinate} reads ${target} through ${query ?? "no list query"}, which the matrix does not read`];
    });
    expect(unread, unread.join("\n")).toEqual([]);
  });

  describe("fixtures", () => {
    for (const { node } of types) {
      it.concurrent(`${node.name}: the owner writes two PRIVATE nodes from an input generated from the schema`, () => {
        expect(fixtureSet.problems.get(node.name)).toBeUndefined();
        expect(fixtureOf(node.name).ids).toHaveLength(2);
      });
    }
  });
});

describe("without a valid token nothing is served", () => {
  let before: { total: number; fixtures: string };
  beforeAll(async () => {
    before = { total: await access.stored.total(), fixtures: await access.stored.fingerprint(allFixtureIds()) };
  });

  describe("every root field", () => {
    for (const root of roots) {
      for (const persona of UNAUTHENTICATED) {
        it.concurrent(`${root.coordinate}: ${persona.label} is refused with UNAUTHENTICATED (401) and no data`, async () => {
          const res = await send(persona, attemptOf(root, { schema, rules, fixtureIds, tag: TAG, nextUnique }));
          expect(res.status, res.text).toBe(401);
          expect(res.data ?? null).toBeNull();
          expect(codes(res), res.text).toEqual(["UNAUTHENTICATED"]);
        });
      }
    }
    for (const persona of UNAUTHENTICATED) {
      it.concurrent(`WebSocket: ${persona.label} is refused at connection (4403), so it cannot subscribe or query`, async () => {
        const handshake = await connect(access.gw.url, persona.authorization ? { authorization: persona.authorization } : {});
        expect(handshake).toEqual({ accepted: false, closeCode: 4403 });
      });
    }
  });

  it("the refused requests wrote nothing: the database and the fixtures are as they were", async () => {
    expect(await access.stored.total()).toBe(before.total);
    expect(await access.stored.fingerprint(allFixtureIds())).toBe(before.fixtures);
  });
});

/** Fixture ids of the types implementing an interface. */
const fixtureIdsOf = (plan: InterfacePlan) =>
  schema
    .getPossibleTypes(plan.node)
    .flatMap((t) => fixtureSet.fixtures.get(t.name)?.ids ?? [])
    .sort();

const STATE_WORDS: Record<VisibilityState, string> = {
  PRIVATE: "a PRIVATE node",
  SHARED: "a SHARED node",
  "PRIVATE but shared with other agent": "a PRIVATE node shared with other agent",
};

/** Every read class × every authenticated persona, for the fixtures in one visibility state. */
function describeReads(state: VisibilityState) {
  describe(`reading ${STATE_WORDS[state]}`, () => {
    beforeAll(() => {
      readers = READERS[state];
    });
    for (const { node, fields } of types) {
      for (const field of [fields.list, fields.connection]) {
        if (!field) continue;
        for (const persona of AUTHENTICATED) {
          const may = (READERS[state] as readonly PersonaName[]).includes(persona.name);
          it.concurrent(`${node.name}: ${persona.label} ${may ? "can" : "cannot"} read ${STATE_WORDS[state]} (${field.name})`, async () => {
            const { ids } = fixtureOf(node.name);
            expect(await readIds(send, persona, field, ids, owner)).toEqual(may ? [...ids].sort() : []);
          });
        }
      }
    }
    // A tool's result links into the graph (@graphLink): relationshipsBetween names the two people asked about.
    for (const persona of AUTHENTICATED) {
      const may = (READERS[state] as readonly PersonaName[]).includes(persona.name);
      it.concurrent(`Person: ${persona.label} ${may ? "can" : "cannot"} reach ${STATE_WORDS[state]} through a tool result's link (relationshipsBetween.personA/personB)`, async () => {
        const ids = fixtureOf("Person").ids;
        const res = await send(persona, ops.personLinkProbe(schema, ids[0]!, ids[1]!));
        expect(res.errors, res.text).toBeUndefined();
        const { personA, personB } = res.data!.relationshipsBetween as { personA: { id: string } | null; personB: { id: string } | null };
        expect([personA?.id, personB?.id].filter(Boolean).sort()).toEqual(may ? [...ids].sort() : []);
      });
    }
    for (const plan of interfaces) {
      for (const persona of AUTHENTICATED) {
        const may = (READERS[state] as readonly PersonaName[]).includes(persona.name);
        it.concurrent(`${plan.name}: ${persona.label} ${may ? "can" : "cannot"} read ${STATE_WORDS[state]} through the ${plan.node.name} interface`, async () => {
          expect(await readInterfaceIds(send, persona, schema, plan, TAG)).toEqual(may ? fixtureIdsOf(plan) : []);
        });
        // Asked apart from the edges: @neo4j/graphql 7.6.3 writes invalid Cypher for the aggregate of an
        // interface connection under @authorization filters, so the schema offers none (@query(aggregate: false));
        // should one appear again, it must count only what the caller may read.
        if (plan.connection && state === "PRIVATE" && connectionHasAggregate(schema, plan.name)) {
          it.concurrent(`${plan.name}: the aggregate count answers ${persona.label} and counts ${may ? "the fixtures" : "none of the fixtures"}`, async () => {
            const res = await send(persona, ops.interfaceQuery(schema, plan.name, plan.node, TAG, "aggregate"));
            expect(res.errors, res.text).toBeUndefined();
            expect(res.data![plan.name].aggregate.count.nodes).toBe(may ? fixtureIdsOf(plan).length : 0);
          });
        }
      }
    }
  });
}

/** Update and delete attempts of personas that may not write the fixtures: nothing changes in Neo4j. */
function describeWriteDenials(state: VisibilityState) {
  describe(`nobody but the owner or an admin writes ${STATE_WORDS[state]}`, () => {
    beforeAll(() => {
      readers = READERS[state];
    });
    for (const { node, fields } of types) {
      for (const persona of INTRUDERS) {
        const update = fields.update;
        const del = fields.delete;
        if (update) {
          it.concurrent(`${node.name}: ${persona.label} cannot update ${STATE_WORDS[state]} (${update.name} changes nothing in Neo4j)`, async () => {
            const fixture = fixtureOf(node.name);
            const before = await access.stored.fingerprint(fixture.ids);
            const flipped = state === "SHARED" ? "PRIVATE" : "SHARED";
            const changes = { visibility: { set: flipped }, sharedWith: { set: [TAG, persona.caller!.agentId] } };
            const res = await send(persona, ops.updateMutation(update.name, update.cls, fixture.ids, changes));
            if (res.errors) expect(codes(res), res.text).toEqual(["FORBIDDEN"]);
            else expect(res.data![update.name][update.cls.responseField!], res.text).toEqual([]);
            expect(await access.stored.fingerprint(fixture.ids)).toBe(before);
          });
        }
        if (del) {
          it.concurrent(`${node.name}: ${persona.label} cannot delete ${STATE_WORDS[state]} (${del.name} deletes nothing)`, async () => {
            const fixture = fixtureOf(node.name);
            const before = await access.stored.fingerprint(fixture.ids);
            const res = await send(persona, ops.deleteMutation(del.name, fixture.ids));
            if (res.errors) expect(codes(res), res.text).toEqual(["FORBIDDEN"]);
            else expect(res.data![del.name].nodesDeleted, res.text).toBe(0);
            expect(await access.stored.fingerprint(fixture.ids)).toBe(before);
          });
        }
      }
    }
  });
}

/** One allowed update per type, checked in Neo4j, that puts the fixtures in `state`. */
function describeUpdates(title: string, persona: Persona, state: VisibilityState, changes: Record<string, unknown>, expected: Record<string, unknown>) {
  describe(title, () => {
    beforeAll(() => {
      readers = READERS[state];
    });
    for (const { node, fields } of types) {
      const update = fields.update;
      if (!update) continue;
      it.concurrent(`${node.name}: ${title} (${update.name})`, async () => {
        const fixture = fixtureOf(node.name);
        const res = await send(persona, ops.updateMutation(update.name, update.cls, fixture.ids, changes));
        expect(res.errors, res.text).toBeUndefined();
        expect(res.data![update.name][update.cls.responseField!]).toHaveLength(2);
        for (const props of (await access.stored.byId(fixture.ids)).values()) expect(props).toMatchObject(expected);
      });
    }
  });
}

describeReads("PRIVATE");
describeWriteDenials("PRIVATE");

describe("the same rules hold over WebSocket", () => {
  for (const persona of AUTHENTICATED) {
    const may = READERS.PRIVATE.some((r) => r === persona.name);
    it.concurrent(`owneds over WebSocket: ${persona.label} ${may ? "can" : "cannot"} read a PRIVATE node`, async () => {
      const handshake = await connect(access.gw.url, { authorization: persona.authorization });
      if (!handshake.accepted) throw new Error(`connection refused with ${handshake.closeCode}`);
      try {
        const plan = interfaces.find((i) => i.node.name === "Owned" && !i.connection)!;
        const { query, variables } = ops.interfaceQuery(schema, plan.name, plan.node, TAG, "list");
        const result = await execute(handshake.socket, query, variables);
        access.client.log.push({ persona: persona.name, granted: may, operation: { query, variables }, text: JSON.stringify(result) });
        expect(result.errors).toBeUndefined();
        expect(result.data[plan.name]).toHaveLength(may ? allFixtureIds().length : 0);
      } finally {
        handshake.socket.close();
      }
    });
  }
});

describeUpdates("the owner shares its nodes with the tenant", owner, "SHARED", { visibility: { set: "SHARED" } }, { visibility: "SHARED" });
describeReads("SHARED");
describeWriteDenials("SHARED");

describeUpdates(
  "the owner makes its nodes PRIVATE but shares them with other agent by id",
  owner,
  "PRIVATE but shared with other agent",
  { visibility: { set: "PRIVATE" }, sharedWith: { set: [TAG, otherAgent.caller!.agentId] } },
  { visibility: "PRIVATE", sharedWith: [TAG, otherAgent.caller!.agentId] },
);
describeReads("PRIVATE but shared with other agent");

describeUpdates("admin unshares nodes it does not own", admin, "PRIVATE", { sharedWith: { set: [TAG] } }, { visibility: "PRIVATE", sharedWith: [TAG] });

describe("ownership comes from the token, never from input", () => {
  for (const { node, fields } of types) {
    for (const key of ["ownerId", "tenantId"] as const) {
      const stolen = key === "ownerId" ? otherAgent.caller!.agentId : cast.tenants.other;
      const create = fields.create;
      const update = fields.update;
      if (create) {
        it.concurrent(`${node.name}: ${key} in ${create.name} input is refused with BAD_USER_INPUT and writes nothing`, async () => {
          const before = await access.stored.count(node.name);
          const { input } = minimalCreateInput(schema, rules, node.name, nextUnique);
          const res = await send(owner, ops.createMutation(create.name, create.cls, [{ ...input, [key]: stolen }]));
          expect(codes(res), res.text).toEqual(["BAD_USER_INPUT"]);
          expect(res.data ?? null).toBeNull();
          expect(await access.stored.count(node.name)).toBe(before);
        });
      }
      if (update) {
        it.concurrent(`${node.name}: ${key} in ${update.name} input is refused with BAD_USER_INPUT and changes nothing`, async () => {
          const fixture = fixtureOf(node.name);
          const before = await access.stored.fingerprint(fixture.ids);
          const res = await send(owner, ops.updateMutation(update.name, update.cls, fixture.ids, { [key]: { set: stolen } }));
          expect(codes(res), res.text).toEqual(["BAD_USER_INPUT"]);
          expect(res.data ?? null).toBeNull();
          expect(await access.stored.fingerprint(fixture.ids)).toBe(before);
        });
      }
    }
  }
});

describe("the owner and an admin delete", () => {
  for (const { node, fields } of types) {
    const del = fields.delete;
    if (!del) continue;
    for (const [persona, index] of [
      [owner, 0],
      [admin, 1],
    ] as const) {
      it.concurrent(`${node.name}: ${persona.label} can delete ${persona === owner ? "its own node" : "a node it does not own"} (${del.name})`, async () => {
        const id = fixtureOf(node.name).ids[index];
        const res = await send(persona, ops.deleteMutation(del.name, [id]));
        expect(res.errors, res.text).toBeUndefined();
        expect(res.data![del.name].nodesDeleted).toBe(1);
        expect((await access.stored.byId([id])).size).toBe(0);
      });
    }
  }
});

describe("every authenticated persona creates nodes of its own", () => {
  for (const { node, fields } of types) {
    const create = fields.create;
    if (!create) continue;
    for (const persona of AUTHENTICATED) {
      it.concurrent(`${node.name}: ${persona.label} can create a node, owned by itself in its own tenant (${create.name})`, async () => {
        const { input } = minimalCreateInput(schema, rules, node.name, nextUnique);
        const res = await send(persona, ops.createMutation(create.name, create.cls, [input]));
        expect(res.errors, res.text).toBeUndefined();
        const [created] = res.data![create.name][create.cls.responseField!] as { id: string; tenantId: string; ownerId: string }[];
        const expected = { tenantId: persona.caller!.tenantId, ownerId: persona.caller!.agentId };
        expect({ tenantId: created!.tenantId, ownerId: created!.ownerId }).toEqual(expected);
        expect((await access.stored.byId([created!.id])).get(created!.id)).toMatchObject(expected);
      });
    }
  }
});

describe("API keys are an admin's, within its own tenant", () => {
  /** Keys of the home tenant: one nobody but its admin may revoke, one its admin revokes. */
  let kept: { id: string };
  let revocable: { id: string };
  beforeAll(async () => {
    const make = async (name: string) => {
      const res = await send(admin, { query: ops.CREATE_API_KEY, variables: { agentId: owner.caller!.agentId, name: `${name}-${cast.run}` } });
      expect(res.errors, res.text).toBeUndefined();
      return res.data!.createApiKey.info as { id: string };
    };
    kept = await make("kept");
    revocable = await make("revocable");
  });
  const notAdmins = [owner, otherAgent, approver];

  describe("apiKeys", () => {
    it.concurrent("admin lists its tenant's keys", async () => {
      const res = await send(admin, { query: ops.API_KEYS, variables: {} });
      expect(res.errors, res.text).toBeUndefined();
      expect(res.data!.apiKeys.map((k: { id: string }) => k.id)).toEqual(expect.arrayContaining([kept.id, revocable.id]));
    });
    for (const persona of notAdmins) {
      it.concurrent(`${persona.label} cannot list API keys (FORBIDDEN)`, async () => {
        const res = await send(persona, { query: ops.API_KEYS, variables: {} });
        expect(codes(res), res.text).toEqual(["FORBIDDEN"]);
        expect(res.data ?? null).toBeNull();
      });
    }
    it.concurrent("other tenant's admin lists only its own tenant's keys: none yet, so none of this tenant's", async () => {
      const res = await send(otherTenant, { query: ops.API_KEYS, variables: {} });
      expect(res.errors, res.text).toBeUndefined();
      expect(res.data!.apiKeys).toEqual([]);
    });
  });

  describe("createApiKey", () => {
    for (const persona of [admin, otherTenant]) {
      it.concurrent(`${persona.label} creates a key in its own tenant`, async () => {
        const res = await send(persona, { query: ops.CREATE_API_KEY, variables: { agentId: persona.caller!.agentId, name: `${persona.name}-${cast.run}` } });
        expect(res.errors, res.text).toBeUndefined();
        const { id } = res.data!.createApiKey.info as { id: string };
        expect((await access.stored.byId([id])).get(id)).toMatchObject({ tenantId: persona.caller!.tenantId });
      });
    }
    for (const persona of notAdmins) {
      it.concurrent(`${persona.label} cannot create an API key (FORBIDDEN, none stored)`, async () => {
        const name = `${persona.name}-${cast.run}`;
        const res = await send(persona, { query: ops.CREATE_API_KEY, variables: { agentId: persona.caller!.agentId, name } });
        expect(codes(res), res.text).toEqual(["FORBIDDEN"]);
        expect(await access.stored.apiKeysNamed(name)).toBe(0);
      });
    }
  });

  describe("revokeApiKey", () => {
    it.concurrent("admin revokes its tenant's key", async () => {
      const res = await send(admin, { query: ops.REVOKE_API_KEY, variables: { id: revocable.id } });
      expect(res.errors, res.text).toBeUndefined();
      expect((await access.stored.byId([revocable.id])).get(revocable.id)?.revokedAt).toBeTruthy();
    });
    for (const [persona, code] of [...notAdmins.map((p) => [p, "FORBIDDEN"] as const), [otherTenant, "NOT_FOUND"] as const]) {
      it.concurrent(`${persona.label} cannot revoke this tenant's key (${code}, the key stays live)`, async () => {
        const res = await send(persona, { query: ops.REVOKE_API_KEY, variables: { id: kept.id } });
        expect(codes(res), res.text).toEqual([code]);
        expect((await access.stored.byId([kept.id])).get(kept.id)?.revokedAt ?? null).toBeNull();
      });
    }
  });
});

describe("workflow transitions follow the approval gate (workflowGate)", () => {
  const CREATE = `mutation ($visibility: Visibility!) { createWorkflowImprovements(input: [{ targetProcess: "matrix", currentState: "a", proposedState: "b", visibility: $visibility }]) { workflowImprovements { id } } }`;
  const TRANSITION = `mutation ($id: ID!, $transition: WorkflowTransitionName!) { transitionWorkflowImprovement(id: $id, transition: $transition) { id status } }`;
  const statusOf = async (id: string) => (await access.stored.byId([id])).get(id)?.status;
  const transition = (persona: Persona, id: string, name: string) => send(persona, { query: TRANSITION, variables: { id, transition: name } });
  /** A fresh improvement of the owner's, moved to PENDING_APPROVAL when asked. */
  const improvement = async (visibility: "PRIVATE" | "SHARED", submitted: boolean) => {
    const res = await send(owner, { query: CREATE, variables: { visibility } });
    expect(res.errors, res.text).toBeUndefined();
    const id = res.data!.createWorkflowImprovements.workflowImprovements[0].id as string;
    if (submitted) expect((await transition(owner, id, "SUBMIT")).errors).toBeUndefined();
    return id;
  };
  /** What each authenticated persona gets: the status it moved the improvement to, or the error code (and nothing moved). */
  const expectations: Record<string, { visibility: "PRIVATE" | "SHARED"; submitted: boolean; outcomes: Partial<Record<PersonaName, string>> }> = {
    SUBMIT: {
      visibility: "SHARED",
      submitted: false,
      outcomes: { owner: "PENDING_APPROVAL", admin: "PENDING_APPROVAL", otherAgent: "FORBIDDEN", approver: "FORBIDDEN", otherTenant: "NOT_FOUND" },
    },
    APPROVE: {
      visibility: "SHARED",
      submitted: true,
      outcomes: { approver: "APPROVED", owner: "FORBIDDEN", admin: "FORBIDDEN", otherAgent: "FORBIDDEN", otherTenant: "NOT_FOUND" },
    },
  };

  beforeAll(async () => {
    // APPROVED_BY points at the reviewer's own Agent node.
    const res = await send(approver, {
      query: `mutation ($id: ID!, $name: String!) { createAgents(input: [{ id: $id, name: $name, role: "approver" }]) { agents { id } } }`,
      variables: { id: approver.caller!.agentId, name: "approver" },
    });
    expect(res.errors, res.text).toBeUndefined();
  });

  for (const [name, { visibility, submitted, outcomes }] of Object.entries(expectations)) {
    for (const persona of AUTHENTICATED) {
      const outcome = outcomes[persona.name]!;
      const moves = !["FORBIDDEN", "NOT_FOUND"].includes(outcome);
      it.concurrent(`${name} on a ${visibility} improvement: ${persona.label} ${moves ? `moves it to ${outcome}` : `is refused with ${outcome} and nothing moves`}`, async () => {
        const id = await improvement(visibility, submitted);
        const before = await statusOf(id);
        const res = await transition(persona, id, name);
        if (moves) {
          expect(res.errors, res.text).toBeUndefined();
          expect(res.data!.transitionWorkflowImprovement).toEqual({ id, status: outcome });
        } else {
          expect(codes(res), res.text).toEqual([outcome]);
          expect(res.data ?? null).toBeNull();
        }
        expect(await statusOf(id)).toBe(moves ? outcome : before);
      });
    }
  }

  it.concurrent("APPROVE on a PRIVATE improvement not shared with the approver is NOT_FOUND: the gate never reveals what the caller cannot read", async () => {
    const id = await improvement("PRIVATE", true);
    const res = await transition(approver, id, "APPROVE");
    expect(codes(res), res.text).toEqual(["NOT_FOUND"]);
    expect(await statusOf(id)).toBe("PENDING_APPROVAL");
  });
});

describe("game sessions: only the owner or an admin records turns, renews and ends them (ownerOrAdmin)", () => {
  const START = `mutation ($sessionId: ID!, $visibility: Visibility!, $agentId: ID) {
    startSession(sessionId: $sessionId, agentId: $agentId, goal: "matrix", maxTurns: 5, visibility: $visibility) { id agentId status } }`;
  const OPERATIONS: Record<string, { query: string; variables: (sessionId: string) => Record<string, unknown> }> = {
    recordTurn: {
      query: `mutation ($sessionId: ID!, $turn: TurnInput!) { recordTurn(sessionId: $sessionId, turn: $turn) { created } }`,
      variables: (sessionId) => ({ sessionId, turn: { number: 1, analysis: "matrix turn", buttonPresses: ["A"], success: true } }),
    },
    heartbeatSession: { query: `mutation ($sessionId: ID!) { heartbeatSession(sessionId: $sessionId) { status } }`, variables: (sessionId) => ({ sessionId }) },
    endSession: { query: `mutation ($sessionId: ID!) { endSession(sessionId: $sessionId) { status } }`, variables: (sessionId) => ({ sessionId }) },
  };
  const session = async (visibility: "PRIVATE" | "SHARED") => {
    const sessionId = nextUnique();
    const res = await send(owner, { query: START, variables: { sessionId, visibility } });
    expect(res.errors, res.text).toBeUndefined();
    return sessionId;
  };
  const stateOf = async (sessionId: string) => {
    const { records } = await access.gw.driver.executeQuery(
      "MATCH (s:GameSession {id: $sessionId}) RETURN s.status AS status, toFloat(s.turnsCompleted) AS turns, toString(s.leaseExpiresAt) AS lease, toFloat(COUNT { (s)-[:HAS_TURN]->() }) AS stored",
      { sessionId },
    );
    return records[0]!.toObject();
  };
  /** Who may act on a session the caller can read (SHARED), and what the others get. */
  const outcomes: Partial<Record<PersonaName, string>> = { owner: "OK", admin: "OK", otherAgent: "FORBIDDEN", approver: "FORBIDDEN", otherTenant: "NOT_FOUND" };

  for (const [name, operation] of Object.entries(OPERATIONS)) {
    for (const persona of AUTHENTICATED) {
      const outcome = outcomes[persona.name]!;
      it.concurrent(`${name} on a SHARED session: ${persona.label} ${outcome === "OK" ? "may" : `is refused with ${outcome} and nothing changes`}`, async () => {
        const sessionId = await session("SHARED");
        const before = await stateOf(sessionId);
        const res = await send(persona, { query: operation.query, variables: operation.variables(sessionId) });
        if (outcome === "OK") {
          expect(res.errors, res.text).toBeUndefined();
          expect(await stateOf(sessionId)).not.toEqual(before);
        } else {
          expect(codes(res), res.text).toEqual([outcome]);
          expect(res.data ?? null).toBeNull();
          expect(await stateOf(sessionId)).toEqual(before);
        }
      });
    }
  }

  it.concurrent("recordTurn on a PRIVATE session of the owner is NOT_FOUND for other agent: it never learns the session exists", async () => {
    const sessionId = await session("PRIVATE");
    const res = await send(otherAgent, { query: OPERATIONS.recordTurn!.query, variables: OPERATIONS.recordTurn!.variables(sessionId) });
    expect(codes(res), res.text).toEqual(["NOT_FOUND"]);
    expect((await stateOf(sessionId)).stored).toBe(0);
  });

  it.concurrent("startSession for another agent: the owner is refused (FORBIDDEN), an admin may", async () => {
    const refused = await send(owner, { query: START, variables: { sessionId: nextUnique(), visibility: "PRIVATE", agentId: otherAgent.caller!.agentId } });
    expect(codes(refused), refused.text).toEqual(["FORBIDDEN"]);
    const allowed = await send(admin, { query: START, variables: { sessionId: nextUnique(), visibility: "PRIVATE", agentId: owner.caller!.agentId } });
    expect(allowed.errors, allowed.text).toBeUndefined();
    expect(allowed.data!.startSession).toMatchObject({ agentId: owner.caller!.agentId, status: "ACTIVE" });
  });
});

/** Secrets the @cypher field probes wrote: the zero-leak check searches for them too. */
const probeSecrets: string[] = [];

describe("@cypher fields read only what the caller may read (tests/support/access/cypherFieldProbes.ts)", () => {
  const fields = cypherFieldsOfOwnedTypes();

  it("every @cypher field of an owned type has a probe", () => {
    const missing = fields.filter((f) => !CYPHER_FIELD_PROBES.has(f)).map((f) => `${f} has no probe in cypherFieldProbes.ts: add one`);
    expect(missing, missing.join("\n")).toEqual([]);
    expect(fields.length).toBeGreaterThan(20);
  });

  for (const coordinate of fields) {
    const probe = CYPHER_FIELD_PROBES.get(coordinate);
    if (!probe) continue;
    const [typeName] = coordinate.split(".");
    const secret = nextUnique();
    // The SHARED node's id is no secret: every persona of the tenant may read it.
    const root = probe.rootIsOwner ? owner.caller!.agentId : nextUnique();
    probeSecrets.push(secret);
    const list = types.find((t) => t.node.name === typeName)!.fields.list!.name;
    const operation = { query: `query ($id: ID!) { ${list}(where: { id: { eq: $id } }) { id ${probe.selection.replace("__SECRET__", secret)} } }`, variables: { id: root } };
    describe(coordinate, () => {
      beforeAll(async () => {
        await access.gw.driver.executeQuery(probe.setup, { tenant: cast.tenants.home, owner: owner.caller!.agentId, root, secret });
      });
      for (const persona of AUTHENTICATED) {
        const may = WRITERS.includes(persona.name);
        it.concurrent(`${persona.label} ${may ? "sees" : "does not see"} the owner's private data through ${coordinate}`, async () => {
          const res = await access.client.send(persona, operation, may);
          expect(res.errors, res.text).toBeUndefined();
          const findsRoot = persona.name !== "otherTenant" && (may || !probe.rootPrivate);
          expect(res.data![list], res.text).toHaveLength(findsRoot ? 1 : 0);
          expect(probe.shows ? probe.shows(res, list) : res.text.includes(secret), res.text).toBe(may);
        });
      }
    });
  }
});

describe("zero leaks", () => {
  for (const persona of cast.all.filter((p) => !WRITERS.includes(p.name))) {
    it(`no response to ${persona.label} shows a fixture's id or content unless it was shared with it`, () => {
      const secrets = [...[...fixtureSet.fixtures.values()].flatMap((f) => f.secrets), ...probeSecrets];
      expect(access.client.log.some((r) => r.persona === persona.name && !r.granted)).toBe(true);
      const leaks = leaksTo(access.client.log, persona.name, secrets);
      expect(leaks, leaks.join("\n")).toEqual([]);
    });
  }
});

/** Whether a root connection field's type offers an aggregate. */
function connectionHasAggregate(schema: GraphQLSchema, field: string): boolean {
  const type = schema.getQueryType()?.getFields()[field]?.type;
  const named = type ? getNamedType(type) : undefined;
  return !!named && "getFields" in named && "aggregate" in (named as GraphQLObjectType).getFields();
}
