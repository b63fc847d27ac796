import { describe, expect, it } from "vitest";
import { parse } from "graphql";
import { linkStampBackfill, stampedLinks } from "../../../src/app/linkStamps.js";
import { migrationsFor } from "../../../src/app/migrations.js";
import { factRelations } from "../../../src/facts/factRelations.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";

const { document } = loadTypeDefs();

describe("link stamps", () => {
  it("are read from the SDL: every relationship whose properties are stamped when the link is made", () => {
    const links = stampedLinks(document);
    expect(links).toEqual(expect.arrayContaining([["EVOLVED_INTO", "at"], ["LEARNED", "at"], ["APPROVED_BY", "reviewedAt"], ["WORKS_AT", "createdAt"]]));
    for (const { type } of factRelations(document)) expect(links).toContainEqual([type, "createdAt"]);
  });

  it("no relationship property is stamped on create by @timestamp, which a nested connect does not apply", () => {
    const sdl = loadTypeDefs().source;
    const blocks = sdl.match(/type \w+ @relationshipProperties \{[^}]*\}/g) ?? [];
    expect(blocks.length).toBeGreaterThan(3);
    for (const block of blocks) expect(block).not.toMatch(/@timestamp\(operations: \[[A-Z, ]*CREATE/);
  });

  it("backfill only links that lack the stamp, and are among the migrations", () => {
    const doc = parse(`
      type Why @relationshipProperties { note: String, at: DateTime! @populatedBy(callback: "stampNow", operations: [CREATE]) }
      type Plain @relationshipProperties { note: String }
      type A @node { id: ID! next: [A!]! @relationship(type: "NEXT", direction: OUT, properties: "Why")
                     prev: [A!]! @relationship(type: "NEXT", direction: IN, properties: "Why")
                     other: [A!]! @relationship(type: "OTHER", direction: OUT, properties: "Plain") }`);
    const [only, ...rest] = linkStampBackfill(doc);
    expect(rest).toEqual([]);
    expect(only).toMatchObject({ name: "next_at_backfill", data: true });
    expect(only!.cypher).toContain("MATCH (a)-[r:NEXT]->(b) WHERE r.at IS NULL");
    const names = migrationsFor(document).map((m) => m.name);
    expect(names).toContain("evolved_into_at_backfill");
  });
});
