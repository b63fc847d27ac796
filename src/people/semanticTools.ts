import { factVectorSearch, type FactHit } from "../facts/index.js";
import { rowAttributes, toFactRecord, type FactRow } from "../facts/index.js";
import { factText } from "../facts/index.js";
import type { RequestContext } from "../core/requestContext.js";
import { list, oneOf } from "../core/args.js";
import type { AppDeps } from "../core/appDeps.js";
import { EXPERT_MIN_SIMILARITY, EXPERTISE_WEIGHT, rankExperts } from "./expertScore.js";
import { factsOfEntities } from "./factsOfEntities.js";
import { matchEntities } from "./matchEntities.js";
import type { NameVectors } from "./nameVectors.js";
import { nameCandidates } from "./findMentions.js";

/** Facts found by meaning before experts are ranked. */
const EXPERT_CANDIDATES = 100;
/** A skill, topic or organisation named word for word in the query counts as this similar. */
const NAMED_SIMILARITY = 0.8;

const describe = (row: FactRow) => factText({ personName: row.personName, type: row.type, objectName: row.object, attributes: rowAttributes(row) });

/** The chatbot memory service's find_experts and semantic_search_facts: both start from the fact embeddings. */
export function semanticToolResolvers(deps: AppDeps, vectors: NameVectors, factTypes: readonly string[]) {
  const expertTypes = Object.keys(EXPERTISE_WEIGHT).filter((t) => factTypes.includes(t));

  return {
    findExperts: async ({ query, limit }: { query: string; limit: number }, ctx: RequestContext) => {
      const [vector] = await deps.embedder.embedQueries([query]);
      const hits: FactHit[] = await factVectorSearch(deps, ctx.caller, vector!, expertTypes, { limit: EXPERT_CANDIDATES, minSimilarity: EXPERT_MIN_SIMILARITY });
      // Skills and topics named in the query, word for word, add their facts even when the sentence embeds far from them.
      const grams = nameCandidates([query]).filter((g) => g.length > 1);
      for (const label of ["Skill", "Topic"] as const) {
        const named = await matchEntities(deps, vectors, ctx.caller, label, grams, { exactOnly: true });
        const rows = await factsOfEntities(deps, ctx.caller, named.keys, expertTypes, 0);
        hits.push(...rows.map((row) => ({ row, similarity: NAMED_SIMILARITY })));
      }
      const now = deps.now();
      const experts = rankExperts(hits, now)
        .slice(0, limit)
        .map((e) => ({
          personId: e.personId,
          name: e.name,
          relevanceScore: e.relevanceScore,
          relevantFacts: e.facts.slice(0, 10).map((f) => ({
            type: f.row.type,
            description: describe(f.row),
            confidence: Number(f.row.confidence ?? 0),
            similarity: f.similarity,
            factId: f.row.id,
          })),
        }));
      return { query, experts };
    },

    semanticSearchFacts: async (args: { query: string; factTypes: unknown; limit: number; similarityThreshold: number }, ctx: RequestContext) => {
      const { query, limit, similarityThreshold: minSimilarity } = args;
      const types = list("semanticSearchFacts.factTypes", args.factTypes, factTypes.length, (f, v) => oneOf(f, v, factTypes)) ?? [...factTypes];
      const [vector] = await deps.embedder.embedQueries([query]);
      const hits = await factVectorSearch(deps, ctx.caller, vector!, types, { limit, minSimilarity });
      const now = deps.now();
      return { query, results: hits.map((h) => ({ similarityScore: h.similarity, fact: toFactRecord(h.row, now) })) };
    },
  };
}
