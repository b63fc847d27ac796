import { describeModelError } from "../llm/chatModel.js";
import { strengthFromSupport } from "./beliefConfidence.js";
import type { Consolidation } from "./consolidate.js";
import { polarityOf, type ActiveBelief, type ExperienceInput, type NewBelief, type Polarity } from "./reflectionPlan.js";
import { parseReflectionAnswer, reflectionSystemPrompt, reflectionUserPrompt, type ReflectionAnswer } from "./reflectionPrompt.js";
import type { ReflectionModel } from "./reflectionModel.js";

/**
 * Asks the model to draft the beliefs. Returns the plan, or why the model
 * could not serve (open circuit, failed call, unusable answer) so the caller
 * falls back to deterministic consolidation and records the reason.
 */
export async function llmReflection(
  model: ReflectionModel,
  experiences: readonly ExperienceInput[],
  beliefs: readonly ActiveBelief[],
  newId: () => string,
): Promise<{ ok: true; plan: Consolidation } | { ok: false; reason: string }> {
  if (!model.breaker.allow()) return { ok: false, reason: "the model endpoint's circuit breaker is open after repeated failures" };
  let reply: string;
  try {
    reply = await model.complete(reflectionSystemPrompt(), reflectionUserPrompt(experiences, beliefs));
    model.breaker.success();
  } catch (err) {
    model.breaker.failure();
    return { ok: false, reason: describeModelError(err, model.timeoutMs) };
  }
  const parsed = parseReflectionAnswer(reply, experiences, beliefs);
  return parsed.ok ? { ok: true, plan: planFromAnswer(parsed.answer, experiences, newId) } : parsed;
}

/** The model's valid answer as a plan: every belief new, each with the experiences it cites. Pure. */
export function planFromAnswer(answer: ReflectionAnswer, experiences: readonly ExperienceInput[], newId: () => string): Consolidation {
  const byId = new Map(experiences.map((e) => [e.id, e]));
  const formed: NewBelief[] = answer.beliefs.map((b) => {
    const evidenceIds = [...new Set(b.evidence)];
    return {
      id: newId(),
      content: b.content,
      confidence: b.confidence,
      strength: strengthFromSupport(evidenceIds.length),
      domains: [...new Set(b.domains)],
      polarity: majority(evidenceIds.map((id) => polarityOf(byId.get(id)!.outcome))),
      supportCount: evidenceIds.length,
      evidenceIds,
      contradicts: [...new Set(b.contradicts)],
      supersedes: b.supersedes,
    };
  });
  return { content: answer.summary, insights: answer.insights, considered: experiences.map((e) => e.id), formed, reinforced: [] };
}

/** POSITIVE or NEGATIVE when more experiences went that way, else NEUTRAL. Pure. */
export function majority(polarities: readonly Polarity[]): Polarity {
  const pos = polarities.filter((p) => p === "POSITIVE").length;
  const neg = polarities.filter((p) => p === "NEGATIVE").length;
  return pos > neg ? "POSITIVE" : neg > pos ? "NEGATIVE" : "NEUTRAL";
}
