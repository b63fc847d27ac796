import { isCurrent, isValidAt } from "../facts/index.js";
import { toFactRecord, type FactRow } from "../facts/index.js";
import { unionEvidence } from "../facts/index.js";
import type { RequestContext } from "../core/requestContext.js";
import type { AppDeps } from "../core/appDeps.js";
import { currentFirstFacts, currentFirstFactsOfExactMatch, factsByPerson, factsOfEntities, firstPerPerson, topFactPerPerson } from "./factsOfEntities.js";
import { matchEntities, type EntityMatch } from "./matchEntities.js";
import type { NameVectors } from "./nameVectors.js";

/** Relationship types from a person to a topic (the default of peopleByTopic). */

const similarityOf = (match: EntityMatch, row: FactRow) => match.similarity.get(row.objectKey) ?? null;

/** Tools that find people through one kind of node: skill, organisation, topic. */
export function peopleByEntityResolvers(deps: AppDeps, vectors: NameVectors) {
  return {
    peopleBySkill: async ({ skill, minConfidence, limit }: { skill: string; minConfidence: number; limit: number }, ctx: RequestContext) => {
      const match = await matchEntities(deps, vectors, ctx.caller, "Skill", [skill]);
      const rows = await topFactPerPerson(deps, ctx.caller, match.keys, ["HAS_SKILL"], minConfidence, limit);
      const now = deps.now();
      const people = rows.map((row) => {
        const fact = toFactRecord(row, now);
        return {
          personId: row.personId, name: row.personName, skill: row.object, proficiency: row.proficiency,
          yearsExperience: fact.attributes.yearsExperience, confidence: fact.confidence, evidence: row.evidence,
          similarity: similarityOf(match, row), fact,
        };
      });
      return { skill, matchedBy: match.kind, people };
    },

    peopleByOrganization: async (args: { organization: string; currentOnly: boolean; minConfidence: number; limit: number; asOf: string | null }, ctx: RequestContext) => {
      const { organization, currentOnly, minConfidence, limit, asOf: asOfIso } = args;
      const types = ["WORKS_AT", "PREVIOUSLY"];
      const now = deps.now();
      // Current holders rank first: unless asked about another time, a few facts per person wanted, current-first, are enough.
      // The usual name matches exactly: matched and read in one statement; otherwise the other stages, then the read.
      const exact = asOfIso ? null : await currentFirstFactsOfExactMatch(deps, ctx.caller, "Org", [organization], types, minConfidence, now, limit);
      const match: EntityMatch = exact?.keys.length
        ? { kind: "EXACT", keys: exact.keys, similarity: new Map() }
        : await matchEntities(deps, vectors, ctx.caller, "Org", [organization], { skipExact: exact !== null });
      const first = asOfIso ? null : exact?.keys.length ? exact : await currentFirstFacts(deps, ctx.caller, match.keys, types, minConfidence, now, limit);
      const rows = first?.enough((r) => isCurrent(r, now)) ? first.rows : await factsOfEntities(deps, ctx.caller, match.keys, types, minConfidence);
      // With asOf: the facts valid then. Without: all, or only current ones when asked.
      const kept = rows.filter((r) => (asOfIso ? isValidAt(r, new Date(asOfIso)) : !currentOnly || isCurrent(r, now)));
      const facts = kept.map((row) => ({ row, fact: toFactRecord(row, now) }));
      facts.sort((a, b) => Number(b.fact.current) - Number(a.fact.current) || b.fact.confidence - a.fact.confidence);
      const people = firstPerPerson(facts.map((f) => ({ ...f, personId: f.row.personId })))
        .slice(0, limit)
        .map(({ row, fact }) => ({
          personId: row.personId,
          name: row.personName,
          organization: row.object,
          relationshipType: row.type,
          role: row.role,
          startDate: row.startDate ?? fact.start,
          endDate: row.endDate ?? fact.end,
          location: row.location,
          current: fact.current,
          confidence: fact.confidence,
          evidence: row.evidence,
          similarity: similarityOf(match, row),
          fact,
        }));
      return { organization, matchedBy: match.kind, people };
    },

    peopleByTopic: async (args: { topic: string; relationshipTypes: string[]; minConfidence: number; limit: number }, ctx: RequestContext) => {
      const { topic, relationshipTypes: types, minConfidence, limit } = args;
      const match = await matchEntities(deps, vectors, ctx.caller, "Topic", [topic]);
      const rows = await factsOfEntities(deps, ctx.caller, match.keys, types, minConfidence);
      const now = deps.now();
      // One entry per person: several relationship types to the topic are aggregated, the strongest first.
      const people = factsByPerson(rows, now).slice(0, limit).map(({ rows: mine, facts }) => ({
        personId: mine[0]!.personId,
        name: mine[0]!.personName,
        topic: mine[0]!.object,
        relationshipType: mine[0]!.type,
        relationshipTypes: [...new Set(mine.map((r) => r.type))],
        sentiment: mine.find((r) => r.sentiment)?.sentiment ?? null,
        confidence: Math.max(...facts.map((f) => f.confidence)),
        evidence: mine.reduce<string[]>((all, r) => unionEvidence(all, r.evidence), []),
        similarity: similarityOf(match, mine[0]!),
        facts,
      }));
      return { topic, matchedBy: match.kind, people };
    },
  };
}
