import { z } from "zod";
import type { ActiveBelief, ExperienceInput } from "./reflectionPlan.js";

/** Bumped whenever the wording or the answer format changes; recorded on every Reflection the model drafted. */
export const REFLECTION_PROMPT_VERSION = "reflect/2026-11-22.1";

/** The reflection instructions and the answer format. Pure. */
export function reflectionSystemPrompt(): string {
  return [
    "You are the reflection cycle of an AI agent's long-term memory. From the agent's recent experiences, form a few beliefs it should hold from now on.",
    "A belief is a general, reusable statement (a lesson, a pattern, a preference), not a retelling of one event. Rest each belief on the experiences that show it, by id.",
    "Confidence is 0..1: one experience is weak evidence (about 0.5), several agreeing ones are stronger; experiences that went the other way lower it.",
    "You also see the agent's current beliefs. When the experiences contradict one, list its id in `contradicts`; when they show it is wrong or outdated, replace it with `supersedes` and say why. Never invent ids.",
    'Answer with one JSON object and nothing else: {"summary": string, "insights": [string], "beliefs": [{"content": string, "confidence": number, "domains": [string], "evidence": [experience id], "contradicts": [belief id], "supersedes": {"beliefId": string, "reason": string} | null}]}',
  ].join("\n");
}

/** The experiences and current beliefs, as the model's user message. Pure. */
export function reflectionUserPrompt(experiences: readonly ExperienceInput[], beliefs: readonly ActiveBelief[]): string {
  return [
    "Recent experiences:",
    ...experiences.map((e) => `- [${e.id}] (${e.experienceType}, outcome ${e.outcome ?? "unknown"}) ${e.description}`),
    "",
    "Current beliefs:",
    ...(beliefs.length ? beliefs.map((b) => `- [${b.id}] (confidence ${b.confidence}) ${b.content}`) : ["- none"]),
  ].join("\n");
}

/** The answer the prompt asks for. */
export const reflectionAnswerSchema = z.object({
  summary: z.string().trim().min(1).max(20_000),
  insights: z.array(z.string().trim().min(1).max(2000)).max(100).default([]),
  beliefs: z
    .array(
      z.object({
        content: z.string().trim().min(1).max(20_000),
        confidence: z.number().min(0).max(1),
        domains: z.array(z.string().trim().min(1).max(100)).max(20).default([]),
        evidence: z.array(z.string()).min(1).max(200),
        contradicts: z.array(z.string()).max(50).default([]),
        supersedes: z.object({ beliefId: z.string(), reason: z.string().trim().min(1).max(5000) }).nullable().default(null),
      }),
    )
    .max(50),
});

export type ReflectionAnswer = z.infer<typeof reflectionAnswerSchema>;

/**
 * Reads the model's reply: one JSON object (a ```json fence around it is
 * tolerated) matching reflectionAnswerSchema, citing only the experiences and
 * beliefs it was shown, and superseding each belief at most once. Returns the
 * answer or, in words, why it is unusable. Pure.
 */
export function parseReflectionAnswer(
  reply: string,
  experiences: readonly ExperienceInput[],
  beliefs: readonly ActiveBelief[],
): { ok: true; answer: ReflectionAnswer } | { ok: false; reason: string } {
  const text = reply.trim().replace(/^```(?:json)?\s*/i, "").replace(/\s*```$/, "");
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { ok: false, reason: "the model's answer is not JSON" };
  }
  const parsed = reflectionAnswerSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    return { ok: false, reason: `the model's answer does not match the format: ${issue.path.join(".") || "(root)"}: ${issue.message}` };
  }
  const experienceIds = new Set(experiences.map((e) => e.id));
  const beliefIds = new Set(beliefs.map((b) => b.id));
  const supersededOnce = new Set<string>();
  for (const [i, b] of parsed.data.beliefs.entries()) {
    const unknownEvidence = b.evidence.find((id) => !experienceIds.has(id));
    if (unknownEvidence) return { ok: false, reason: `beliefs.${i}.evidence cites "${unknownEvidence.slice(0, 100)}", which is not one of the experiences given` };
    const unknownBelief = [...b.contradicts, ...(b.supersedes ? [b.supersedes.beliefId] : [])].find((id) => !beliefIds.has(id));
    if (unknownBelief) return { ok: false, reason: `beliefs.${i} names belief "${unknownBelief.slice(0, 100)}", which is not one of the current beliefs` };
    if (b.supersedes) {
      if (supersededOnce.has(b.supersedes.beliefId)) return { ok: false, reason: `belief "${b.supersedes.beliefId}" is superseded twice` };
      supersededOnce.add(b.supersedes.beliefId);
    }
  }
  return { ok: true, answer: parsed.data };
}
