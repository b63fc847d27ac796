/** What an experience says about how things went: SUCCESS, FAILED, or neither (PARTIAL, unknown). */
export type Polarity = "POSITIVE" | "NEGATIVE" | "NEUTRAL";

/** An experience as reflection reads it. */
export interface ExperienceInput {
  id: string;
  description: string;
  outcome: "SUCCESS" | "PARTIAL" | "FAILED" | null;
  experienceType: string;
  /** The domains it was stored with (memoryStore's `domains`); when none, its experienceType stands for its one domain. */
  domains?: readonly string[];
}

/** The domains a belief formed from `e` is filed under. Pure. */
export function experienceDomains(e: ExperienceInput): string[] {
  const own = (e.domains ?? []).filter((d) => d.length > 0);
  return own.length ? [...own] : e.experienceType ? [e.experienceType] : [];
}

/** One of the agent's ACTIVE beliefs, as reflection reads it. */
export interface ActiveBelief {
  id: string;
  content: string;
  confidence: number;
  domains: string[];
  /** Experiences behind it (1 when it was not formed by consolidation). */
  supportCount: number;
  polarity: Polarity;
}

/** A belief the reflection forms. `id` is chosen by the planner so links can name it. */
export interface NewBelief {
  id: string;
  content: string;
  confidence: number;
  strength: number;
  domains: string[];
  polarity: Polarity;
  supportCount: number;
  /** The experiences it rests on. */
  evidenceIds: string[];
  /** Beliefs (new or existing) it contradicts: CONTRADICTS edges from it. */
  contradicts: string[];
  /** The existing belief it replaces (which becomes SUPERSEDED, EVOLVED_INTO {reason} → this one). */
  supersedes: { beliefId: string; reason: string } | null;
}

/** An existing belief that new experiences agree with: more support, updated in place. */
export interface Reinforcement {
  beliefId: string;
  confidence: number;
  strength: number;
  supportCount: number;
  evidenceIds: string[];
}

export type PlannerKind = "LLM" | "DETERMINISTIC";

/** What one reflection writes; both planners produce it, writeReflection applies it. */
export interface ReflectionPlan {
  planner: PlannerKind;
  /** Why deterministic consolidation served although a model is configured. */
  fallbackReason: string | null;
  promptVersion: string | null;
  /** The Reflection's content: what the cycle concluded, in words. */
  content: string;
  insights: string[];
  /** Every experience this cycle considered (CONSIDERED edges), cited or not. */
  considered: string[];
  formed: NewBelief[];
  reinforced: Reinforcement[];
}

/** SUCCESS → POSITIVE, FAILED → NEGATIVE, anything else → NEUTRAL. Pure. */
export function polarityOf(outcome: ExperienceInput["outcome"]): Polarity {
  return outcome === "SUCCESS" ? "POSITIVE" : outcome === "FAILED" ? "NEGATIVE" : "NEUTRAL";
}

/** Two polarities contradict only when one is POSITIVE and the other NEGATIVE. Pure. */
export function opposed(a: Polarity, b: Polarity): boolean {
  return (a === "POSITIVE" && b === "NEGATIVE") || (a === "NEGATIVE" && b === "POSITIVE");
}
