import { Kind, parse } from "graphql";
import { describe, expect, it } from "vitest";
import { migrationsFor, ownedLabels } from "../../src/app/migrations.js";
import { loadTypeDefs } from "../../src/schema/loadTypeDefs.js";

const { document } = loadTypeDefs();

describe("the domain schema", () => {
  it("gives every node type ownership: each @node type implements Owned", () => {
    const nodeTypes = document.definitions
      .filter((d) => d.kind === Kind.OBJECT_TYPE_DEFINITION)
      .filter((d) => d.directives?.some((x) => x.name.value === "node"))
      .map((d) => d.name.value);
    expect(nodeTypes.length).toBeGreaterThan(30);
    expect(ownedLabels(document)).toEqual([...nodeTypes].sort());
  });

  it("covers the entities the seeds name", () => {
    const labels = new Set(ownedLabels(document));
    for (const name of [
      "Agent", "SubscriptionRule", "Memory", "Channel", "Message", "Person", "Org", "Place", "Skill", "Topic",
      "Project", "Event", "GameSession", "Turn", "Screenshot", "Concept", "Research", "Content", "Application",
      "SecurityAudit", "CodeReview", "Analysis", "Insight", "Opportunity", "ProcessUpdate", "Documentation",
      "WorkflowImprovement", "Synthesis", "ProcessInsight", "ProcessPattern", "Reflection", "Belief", "Experience",
      "Task", "SharedKnowledge", "Entity",
    ]) {
      expect(labels, name).toContain(name);
    }
  });
});

describe("migrationsFor", () => {
  const migrations = migrationsFor(document);

  it("makes ids unique within a tenant for every owned type", () => {
    for (const label of ownedLabels(document)) {
      expect(migrations.map((m) => m.cypher)).toContain(
        `CREATE CONSTRAINT ${label.toLowerCase()}_tenant_id_unique IF NOT EXISTS FOR (n:${label}) REQUIRE (n.tenantId, n.id) IS UNIQUE`,
      );
    }
  });

  it("is idempotent: every schema statement says IF NOT EXISTS (a drop, IF EXISTS), every data one fills only what is missing, and names are unique", () => {
    for (const m of migrations) expect(m.cypher).toMatch(m.data ? /WHERE \w\.\w+ IS NULL|WHERE NOT EXISTS \{/ : m.drop ? /^DROP INDEX \w+ IF EXISTS$/ : / IF NOT EXISTS /);
    expect(migrations.some((m) => m.data)).toBe(true);
    expect(new Set(migrations.map((m) => m.name)).size).toBe(migrations.length);
  });

  it("creates the full-text and 384-d vector indexes retrieval needs", () => {
    const names = migrations.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(["recall_text", "entity_names", "memory_embedding"]));
    expect(migrations.find((m) => m.name === "memory_embedding")?.cypher).toMatch(/`vector.dimensions`: 384/);
  });

  it("drops memories' and messages' own word indexes: their readers read recall_text, which holds the same text", () => {
    const drops = migrations.filter((m) => m.drop).map((m) => m.cypher);
    expect(drops).toEqual(expect.arrayContaining(["DROP INDEX memory_content IF EXISTS", "DROP INDEX message_content IF EXISTS"]));
    expect(migrations.some((m) => !m.drop && /INDEX (memory|message)_content /.test(m.cypher))).toBe(false);
  });

  it("refreshes the word indexes on commit by default, and in Neo4j's background with SEARCH_WORD_INDEX_REFRESH=background; the name index on commit either way", () => {
    const settings = (ms: typeof migrations) => Object.fromEntries(ms.filter((m) => m.fulltext).map((m) => [m.name, m.fulltext!.eventuallyConsistent]));
    const byDefault = settings(migrations);
    const background = settings(migrationsFor(document, { wordIndexRefresh: "background" }));
    expect(Object.keys(byDefault).sort()).toEqual(["entity_names", "knowledge_text", "memory_key_terms", "message_key_terms", "recall_text"]);
    expect(Object.values(byDefault).every((eventual) => !eventual)).toBe(true);
    expect(background).toEqual(Object.fromEntries(Object.keys(byDefault).map((name) => [name, name !== "entity_names"])));
    for (const m of migrationsFor(document, { wordIndexRefresh: "background" }).filter((m) => m.fulltext)) {
      expect(m.cypher).toContain(`\`fulltext.eventually_consistent\`: ${m.name !== "entity_names"}`);
    }
  });

  it("drops the indexes of the bare search keys, which the scoped key terms replaced", () => {
    const names = migrations.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(["memory_key_terms", "message_key_terms", "memory_keys_dropped", "message_keys_dropped"]));
    expect(names.indexOf("memory_keys_dropped")).toBeLessThan(names.indexOf("memory_key_terms"));
  });

  it("refuses a label that is not a plain name, since labels cannot be parameters", () => {
    const plain = parse("type Plain implements Owned @node { id: ID! }");
    expect(() => migrationsFor(plain)).not.toThrow();
    const hostile = {
      ...plain,
      definitions: plain.definitions.map((d) => ({ ...d, name: { kind: Kind.NAME, value: "X) DETACH DELETE n //" } })),
    };
    expect(() => migrationsFor(hostile as never)).toThrowError(/unsafe label/);
  });
});
