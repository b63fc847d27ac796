import { Kind, type EnumTypeDefinitionNode, type ObjectTypeDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { embeddedTypes } from "../../../src/embeddings/embeddedTypes.js";
import { migrationsFor, ownedLabels } from "../../../src/app/migrations.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";
import { STORED_AS } from "../../../src/beliefs/memoryKinds.js";
import { NODE_KINDS, RECALL_INDEX, RECALL_KINDS, SEARCH_KINDS, kindsUnder, recallIndexSpec } from "../../../src/search/recallKinds.js";
import { mergeByScore } from "../../../src/search/ranking/mergeByScore.js";

const { document } = loadTypeDefs();
const objectType = (name: string) =>
  document.definitions.find((d): d is ObjectTypeDefinitionNode => d.kind === Kind.OBJECT_TYPE_DEFINITION && d.name.value === name);

describe("the kinds searchMemories recalls", () => {
  it("are owned node types of the SDL, read through fields they have", () => {
    const owned = ownedLabels(document);
    for (const kind of NODE_KINDS) {
      const { label, indexed, shown } = RECALL_KINDS[kind];
      expect(owned).toContain(label);
      const fields = objectType(label)!.fields!.map((f) => f.name.value);
      expect(fields).toEqual(expect.arrayContaining([...indexed, ...shown]));
    }
  });

  it("say they have vectors exactly when the SDL embeds them", () => {
    const embedded = new Set(embeddedTypes(document).map((t) => t.label));
    for (const kind of NODE_KINDS) expect([kind, RECALL_KINDS[kind].embedded]).toEqual([kind, embedded.has(RECALL_KINDS[kind].label)]);
  });

  it("hold every node type memory_store writes, and are the SearchSource enum's values", () => {
    const labels = NODE_KINDS.map((k) => RECALL_KINDS[k].label);
    expect(labels).toEqual(expect.arrayContaining(Object.values(STORED_AS)));
    const sdlEnum = document.definitions.find((d): d is EnumTypeDefinitionNode => d.kind === Kind.ENUM_TYPE_DEFINITION && d.name.value === "SearchSource");
    expect(sdlEnum!.values!.map((v) => v.name.value).sort()).toEqual([...SEARCH_KINDS].sort());
  });

  it("share one full-text index over all their text properties", () => {
    const migration = migrationsFor(document).find((m) => m.name === RECALL_INDEX)!;
    const { labels, fields } = recallIndexSpec();
    expect(migration.cypher).toContain(`FOR (n:${labels.join("|")}) ON EACH [${fields.map((f) => `n.${f}`).join(", ")}]`);
    expect(fields).toEqual(expect.arrayContaining(["content", "insight", "description", "findings", "body", "analysis"]));
  });
});

describe("mergeByScore", () => {
  const hit = (id: string, score: number, rank = 1) => ({ id, score, rank });

  it("ranks several lists' hits together by score, from 1, cut at the depth", () => {
    const merged = mergeByScore([[hit("MEMORY:a", 0.9), hit("MEMORY:b", 0.7, 2)], [hit("BELIEF:c", 0.8)], []], 2);
    expect(merged).toEqual([hit("MEMORY:a", 0.9, 1), hit("BELIEF:c", 0.8, 2)]);
  });

  it("gives one list back in its own order, ties at 1e-9 included", () => {
    const list = [hit("a", 2.0000000000001, 1), hit("b", 2.0000000000002, 2), hit("c", 1, 3)];
    expect(mergeByScore([list], 10).map((h) => h.id)).toEqual(["a", "b", "c"]);
  });
});

describe("kindsUnder", () => {
  const none = { types: null, tags: null, participants: null, conversationId: null, from: null, to: null, minConfidence: null };

  it("keeps every kind without filters, and only memories under a memory type or tag", () => {
    expect(kindsUnder(SEARCH_KINDS, none)).toEqual(SEARCH_KINDS);
    expect(kindsUnder(SEARCH_KINDS, { ...none, types: ["INSIGHT"] })).toEqual(["MEMORY"]);
    expect(kindsUnder(SEARCH_KINDS, { ...none, tags: ["ops"] })).toEqual(["MEMORY"]);
  });

  it("keeps what a filter can match: participants memories and messages, a conversation game turns too, a confidence what has one", () => {
    expect(kindsUnder(SEARCH_KINDS, { ...none, participants: ["Kim"] })).toEqual(["MEMORY", "MESSAGE"]);
    expect(kindsUnder(SEARCH_KINDS, { ...none, conversationId: "c" })).toEqual(["MEMORY", "MESSAGE", "TURN"]);
    const confident = kindsUnder(SEARCH_KINDS, { ...none, minConfidence: 0.5 });
    expect(confident).toEqual(expect.arrayContaining(["MEMORY", "BELIEF", "INSIGHT", "FACT"]));
    expect(confident).not.toEqual(expect.arrayContaining(["MESSAGE"]));
    expect(confident.filter((k) => k === "EXPERIENCE" || k === "TURN" || k === "MESSAGE")).toEqual([]);
    expect(kindsUnder(SEARCH_KINDS, { ...none, from: "2026-01-01T00:00:00.000Z" })).not.toContain("FACT");
  });
});
