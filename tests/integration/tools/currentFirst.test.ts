/**
 * The people tools read a few facts per person wanted, ordered by
 * MAYBE_CURRENT (Cypher) before confidence. That is exact only if
 * MAYBE_CURRENT holds for every fact isCurrent (TypeScript) calls current:
 * checked here against the real Neo4j over many end-date forms and clocks.
 */
import neo4j, { type Driver } from "neo4j-driver";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { isCurrent } from "../../../src/facts/factInterval.js";
import { createDriver } from "../../../src/graph/driver.js";
import { MAYBE_CURRENT } from "../../../src/people/factsOfEntities.js";

let driver: Driver;
const TAG = `maybe-current-${Date.now()}`;

interface Case {
  type: "WORKS_AT" | "PREVIOUSLY";
  endDate: string | null;
  validUntil: string | null;
}

function cases(): Case[] {
  const ends: (string | null)[] = [null, "March 2026", " 2026", "2026-13", "soon"];
  for (const y of [2025, 2026, 2027]) {
    ends.push(String(y));
    for (let m = 1; m <= 12; m++) {
      ends.push(`${y}-${m}`, `${y}-${String(m).padStart(2, "0")}`);
      if (y === 2026) for (const d of [1, 5, 9, 10, 21, 22, 23, 30]) ends.push(`${y}-${m}-${d}`, `${y}-${String(m).padStart(2, "0")}-${String(d).padStart(2, "0")}`);
    }
  }
  const all: Case[] = [];
  for (const type of ["WORKS_AT", "PREVIOUSLY"] as const) {
    for (const endDate of ends) all.push({ type, endDate, validUntil: null });
    for (const validUntil of ["2026-01-01T00:00:00Z", "2026-11-22T12:00:00Z", "2027-06-01T00:00:00Z"]) all.push({ type, endDate: "2020", validUntil });
  }
  return all;
}

beforeAll(async () => {
  const { uri, user, password } = inject("neo4j");
  driver = createDriver({ uri, user, password });
  await driver.executeQuery(
    `UNWIND $cases AS c
     CREATE (p:MaybeCurrentTest {tag: $tag, i: c.i})
     FOREACH (_ IN CASE WHEN c.type = 'WORKS_AT' THEN [1] ELSE [] END |
       CREATE (p)-[:WORKS_AT {endDate: c.endDate, validUntil: CASE WHEN c.validUntil IS NULL THEN null ELSE datetime(c.validUntil) END}]->(:MaybeCurrentTest {tag: $tag}))
     FOREACH (_ IN CASE WHEN c.type = 'PREVIOUSLY' THEN [1] ELSE [] END |
       CREATE (p)-[:PREVIOUSLY {endDate: c.endDate, validUntil: CASE WHEN c.validUntil IS NULL THEN null ELSE datetime(c.validUntil) END}]->(:MaybeCurrentTest {tag: $tag}))`,
    { tag: TAG, cases: cases().map((c, i) => ({ ...c, i })) },
  );
});
afterAll(async () => {
  await driver?.executeQuery("MATCH (n:MaybeCurrentTest {tag: $tag}) DETACH DELETE n", { tag: TAG });
  await driver?.close();
});

describe("MAYBE_CURRENT", () => {
  for (const nowIso of ["2026-01-05T08:00:00.000Z", "2026-09-05T00:00:00.000Z", "2026-10-09T23:59:00.000Z", "2026-11-22T10:00:00.000Z", "2026-12-31T23:00:00.000Z"]) {
    it(`holds for every fact isCurrent calls current at ${nowIso}, and not for all the others`, async () => {
      const { records } = await driver.executeQuery(
        `MATCH (p:MaybeCurrentTest {tag: $tag})-[r]->() RETURN p.i AS i, ${MAYBE_CURRENT} AS maybe ORDER BY i`,
        { tag: TAG, now: nowIso },
      );
      const all = cases();
      const now = new Date(nowIso);
      let current = 0;
      let excluded = 0;
      for (const rec of records) {
        const c = all[neo4j.integer.toNumber(rec.get("i"))]!;
        const maybe = rec.get("maybe") as boolean;
        const exact = isCurrent({ type: c.type, endDate: c.endDate, validUntil: c.validUntil }, now);
        if (exact) {
          current++;
          expect({ ...c, maybe }).toEqual({ ...c, maybe: true });
        }
        if (!maybe) excluded++;
      }
      expect(records).toHaveLength(all.length);
      // Not trivially true: most ended facts are ordered after the current ones.
      expect(current).toBeGreaterThan(20);
      expect(excluded).toBeGreaterThan(all.length / 2);
    });
  }
});
