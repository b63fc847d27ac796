import { confidenceFromSupport, strengthFromSupport } from "./beliefConfidence.js";
import { clusterBySimilarity, medoid } from "./clusterBySimilarity.js";
import { experienceDomains, opposed, polarityOf, type ActiveBelief, type ExperienceInput, type NewBelief, type Polarity, type ReflectionPlan, type Reinforcement } from "./reflectionPlan.js";
import { cosine, mean } from "../embeddings/vectorMath.js";

/** Default cosine similarity at which experiences count as saying the same thing (and match a belief). */
export const DEFAULT_SIMILARITY_THRESHOLD = 0.8;

export interface ConsolidationInput {
  experiences: readonly ExperienceInput[];
  /** One vector per experience, same order. */
  experienceVectors: readonly (readonly number[])[];
  beliefs: readonly ActiveBelief[];
  /** One vector per belief (its content), same order. */
  beliefVectors: readonly (readonly number[])[];
  threshold: number;
  newId: () => string;
}

/** The part of a plan consolidation decides; the caller adds who planned it. */
export type Consolidation = Pick<ReflectionPlan, "content" | "insights" | "considered" | "formed" | "reinforced">;

interface Group {
  members: number[];
  polarity: Polarity;
  /** Experiences of the same cluster with the opposite outcome. */
  against: number;
}

/**
 * Deterministic reflection: clusters the experiences by embedding similarity;
 * a cluster whose experiences both SUCCEEDED and FAILED splits into two groups
 * that contradict each other (PARTIAL/unknown outcomes join the larger side).
 * Each group becomes a belief candidate (the text of its most typical
 * experience, confidence from its support: beliefConfidence.ts) and is matched
 * against the agent's ACTIVE beliefs: agreeing → that belief is reinforced in
 * place; disagreeing → a new belief CONTRADICTS it, and supersedes it when the
 * new evidence outweighs the support it had. Nothing is ever removed. Pure.
 */
export function consolidate(input: ConsolidationInput): Consolidation {
  const { experiences, experienceVectors: vectors, threshold } = input;
  const formed: NewBelief[] = [];
  const reinforced = new Map<string, Reinforcement>();
  const superseded = new Set<string>();
  for (const cluster of clusterBySimilarity(vectors, threshold)) {
    const resolved = groupsOf(cluster, experiences).map((group) => {
      const vector = mean(group.members.map((m) => vectors[m]!));
      const match = bestMatch(vector, input, superseded);
      const evidenceIds = group.members.map((m) => experiences[m]!.id);
      const n = group.members.length;
      if (match && !opposed(match.polarity, group.polarity)) {
        const before = reinforced.get(match.id);
        const supportCount = (before?.supportCount ?? match.supportCount) + n;
        reinforced.set(match.id, {
          beliefId: match.id,
          supportCount,
          confidence: Math.max(before?.confidence ?? match.confidence, confidenceFromSupport(supportCount)),
          strength: strengthFromSupport(supportCount),
          evidenceIds: [...(before?.evidenceIds ?? []), ...evidenceIds],
        });
        return { id: match.id, isNew: false };
      }
      const against = group.against + (match?.supportCount ?? 0);
      const supersedes = match && n > match.supportCount ? { beliefId: match.id, reason: outweighs(n, group.polarity, match.supportCount) } : null;
      if (supersedes) superseded.add(supersedes.beliefId);
      const belief: NewBelief = {
        id: input.newId(),
        content: experiences[medoid(group.members, vectors)]!.description,
        confidence: confidenceFromSupport(n, against),
        strength: strengthFromSupport(n),
        domains: [...new Set(group.members.flatMap((m) => experienceDomains(experiences[m]!).map((d) => d.slice(0, 100))))].slice(0, 20),
        polarity: group.polarity,
        supportCount: n,
        evidenceIds,
        contradicts: match ? [match.id] : [],
        supersedes,
      };
      formed.push(belief);
      return { id: belief.id, isNew: true, belief };
    });
    // The two sides of a split cluster contradict each other: the edge starts at a new belief.
    const [a, b] = resolved;
    if (a && b) {
      if (b.belief && !b.belief.contradicts.includes(a.id)) b.belief.contradicts.push(a.id);
      else if (a.belief && !b.belief && !a.belief.contradicts.includes(b.id)) a.belief.contradicts.push(b.id);
    }
  }
  const updates = [...reinforced.values()];
  return {
    content: summary(experiences.length, formed, updates),
    insights: formed.map((f) => `Formed (support ${f.supportCount}, confidence ${f.confidence}): ${f.content}`.slice(0, 2000)).slice(0, 100),
    considered: experiences.map((e) => e.id),
    formed,
    reinforced: updates,
  };
}

/** A cluster's groups: one, or two opposed ones when it holds both SUCCESS and FAILED. */
function groupsOf(cluster: number[], experiences: readonly ExperienceInput[]): Group[] {
  const by = (p: Polarity) => cluster.filter((m) => polarityOf(experiences[m]!.outcome) === p);
  const [pos, neg, neutral] = [by("POSITIVE"), by("NEGATIVE"), by("NEUTRAL")];
  if (pos.length && neg.length) {
    const posLarger = pos.length >= neg.length;
    const positive = posLarger ? [...pos, ...neutral].sort((x, y) => x - y) : pos;
    const negative = posLarger ? neg : [...neg, ...neutral].sort((x, y) => x - y);
    return [
      { members: positive, polarity: "POSITIVE", against: negative.length },
      { members: negative, polarity: "NEGATIVE", against: positive.length },
    ];
  }
  return [{ members: cluster, polarity: pos.length ? "POSITIVE" : neg.length ? "NEGATIVE" : "NEUTRAL", against: 0 }];
}

/** The most similar ACTIVE belief at or above the threshold, not superseded by this plan. */
function bestMatch(vector: number[], input: ConsolidationInput, superseded: ReadonlySet<string>): ActiveBelief | null {
  let best: ActiveBelief | null = null;
  let bestSimilarity = -Infinity;
  input.beliefs.forEach((b, i) => {
    if (superseded.has(b.id)) return;
    const s = cosine(vector, input.beliefVectors[i]!);
    if (s >= input.threshold && s > bestSimilarity) {
      best = b;
      bestSimilarity = s;
    }
  });
  return best;
}

function outweighs(n: number, polarity: Polarity, had: number): string {
  const kind = polarity === "NEGATIVE" ? "failed" : "successful";
  return `${n} newer ${kind} experience${n === 1 ? "" : "s"} outweigh the ${had} that supported it`;
}

function summary(considered: number, formed: readonly NewBelief[], reinforced: readonly Reinforcement[]): string {
  const supersedes = formed.filter((f) => f.supersedes).length;
  const contradictions = formed.reduce((sum, f) => sum + f.contradicts.length, 0);
  return `Consolidated ${considered} experience${considered === 1 ? "" : "s"}: formed ${formed.length} belief${formed.length === 1 ? "" : "s"}, reinforced ${reinforced.length}, superseded ${supersedes}, ${contradictions} contradiction${contradictions === 1 ? "" : "s"} linked.`;
}
