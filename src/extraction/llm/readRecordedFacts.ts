import type { ChatCompletionMessage } from "openai/resources/chat/completions";
import { z } from "zod";
import type { FactRelation } from "../../core/schemaFacts.js";
import { validateAssertions } from "../../facts/index.js";
import type { ExtractedAttributes, ExtractedFact } from "../extractor.js";
import { ATTRIBUTE_NAMES, RECORD_FACTS } from "./recordFactsTool.js";

/** What one answer may speak of: the SDL's relations, the listed people, the messages it was asked to read. */
export interface AnswerScope {
  relations: readonly FactRelation[];
  personIds: ReadonlySet<string>;
  messageIds: ReadonlySet<string>;
  /** Most facts kept per message (by its first evidence id), the surest first. */
  maxFactsPerMessage: number;
  /** Facts the model is less sure of are dropped, not written low (precision first). */
  minConfidence: number;
  /** Recorded on every fact: `llm/extract-facts@1`. */
  source: string;
}

/** A usable answer's facts and, in words, every entry dropped and why; or why the whole answer is unusable. */
export type ReadAnswer = { ok: true; facts: ExtractedFact[]; dropped: string[] } | { ok: false; reason: string; truncated?: true };

const entrySchema = z.object({
  subject: z.string(),
  relation: z.string(),
  object: z.string(),
  confidence: z.number(),
  evidence: z.array(z.string()).min(1),
  attributes: z.record(z.string(), z.unknown()).nullish(),
  validFrom: z.string().nullish(),
  validUntil: z.string().nullish(),
});
type Entry = z.infer<typeof entrySchema>;

const answerSchema = z.object({ facts: z.array(z.unknown()) });

/** The JSON the model answered with: record_facts' arguments (every call of it), or a bare JSON body when the endpoint ignored the forced tool. */
function answerBodies(message: ChatCompletionMessage, dropped: string[]): string[] | null {
  const calls = (message.tool_calls ?? []).filter((c) => c.type === "function");
  for (const c of calls) if (c.function.name !== RECORD_FACTS) dropped.push(`a call of "${c.function.name.slice(0, 50)}", which is no tool of the extractor, was ignored`);
  const bodies = calls.filter((c) => c.function.name === RECORD_FACTS).map((c) => c.function.arguments);
  if (bodies.length) return bodies;
  const text = message.content?.trim().replace(/^```(?:json)?\s*/i, "").replace(/\s*```$/, "");
  return text ? [text] : null;
}

/** One entry, checked against the scope and then by assertFacts' own rules (lengths, attributes, instants). Returns the fact or why it is dropped. Pure. */
export function checkEntry(e: Entry, scope: AnswerScope): ExtractedFact | string {
  const relation = scope.relations.find((r) => r.type === e.relation.trim().toUpperCase());
  if (!relation) return `relation "${e.relation.slice(0, 50)}" is not a fact relation of the schema`;
  if (!scope.personIds.has(e.subject)) return `subject "${e.subject.slice(0, 100)}" is not one of the listed people`;
  if (relation.target === "Person" && (!scope.personIds.has(e.object) || e.object === e.subject)) return `${relation.type}'s object "${e.object.slice(0, 100)}" is not another listed person`;
  const outside = e.evidence.find((id) => !scope.messageIds.has(id));
  if (outside !== undefined) return `evidence "${outside.slice(0, 100)}" is not a message of the batch`;
  if (e.confidence < scope.minConfidence || e.confidence > 1) return `confidence ${e.confidence} is outside ${scope.minConfidence}..1`;
  const attributes = Object.fromEntries(Object.entries(e.attributes ?? {}).filter(([k, v]) => ATTRIBUTE_NAMES.includes(k) && v !== null && v !== undefined)) as ExtractedAttributes;
  const fact: ExtractedFact = {
    subject: e.subject,
    relation: relation.type,
    object: e.object.trim(),
    confidence: e.confidence,
    evidence: [...new Set(e.evidence)],
    ...(Object.keys(attributes).length ? { attributes } : {}),
    ...(e.validFrom ? { validFrom: e.validFrom } : {}),
    ...(e.validUntil ? { validUntil: e.validUntil } : {}),
    source: scope.source,
  };
  try {
    validateAssertions([{ ...fact, evidence: [...fact.evidence] }], [relation.type]);
  } catch (err) {
    return (err as Error).message.replace(/^assertFacts\.facts\[0\]\./, "");
  }
  return fact;
}

/** The surest `max` facts of each message (by first evidence id), one of each subject–relation–object. Pure. */
export function capPerMessage(facts: readonly ExtractedFact[], max: number, dropped: string[]): ExtractedFact[] {
  const seen = new Set<string>();
  const perMessage = new Map<string, number>();
  const kept: ExtractedFact[] = [];
  for (const f of [...facts].sort((a, b) => b.confidence - a.confidence)) {
    const key = JSON.stringify([f.subject, f.relation, f.object.toLowerCase(), f.evidence[0]]);
    const n = perMessage.get(f.evidence[0]!) ?? 0;
    if (seen.has(key)) dropped.push(`${f.relation} ${f.object.slice(0, 50)} of ${f.subject} is recorded twice`);
    else if (n >= max) dropped.push(`message ${f.evidence[0]} has more than ${max} facts`);
    else {
      seen.add(key);
      perMessage.set(f.evidence[0]!, n + 1);
      kept.push(f);
    }
  }
  return kept;
}

/**
 * Reads the model's answer to one extraction call. Unusable as a whole (to be
 * retried): an answer cut at the token limit, no answer, arguments that are
 * not JSON or not `{ facts: [...] }`, or entries none of which has a fact's
 * shape. Otherwise each entry that breaks a rule is dropped with its reason
 * and the rest are kept: nothing but facts of the schema's shapes, about
 * listed people, citing messages of the call, leaves this function. Pure.
 */
export function readRecordedFacts(turn: { message: ChatCompletionMessage; finishReason: string }, scope: AnswerScope): ReadAnswer {
  if (turn.finishReason === "length") return { ok: false, reason: "the answer was cut at the token limit (truncated JSON)", truncated: true };
  const dropped: string[] = [];
  const bodies = answerBodies(turn.message, dropped);
  if (!bodies) return { ok: false, reason: `the model did not call ${RECORD_FACTS}` };
  const entries: unknown[] = [];
  for (const body of bodies) {
    let json: unknown;
    try {
      json = JSON.parse(body);
    } catch {
      return { ok: false, reason: "the answer is not JSON" };
    }
    const parsed = answerSchema.safeParse(json);
    if (!parsed.success) return { ok: false, reason: "the answer is not { facts: [...] }" };
    entries.push(...parsed.data.facts);
  }
  const facts: ExtractedFact[] = [];
  let shaped = 0;
  for (const [i, raw] of entries.entries()) {
    const entry = entrySchema.safeParse(raw);
    if (!entry.success) {
      dropped.push(`facts[${i}] is not a fact: ${entry.error.issues[0]!.path.join(".") || "(root)"}: ${entry.error.issues[0]!.message}`);
      continue;
    }
    shaped++;
    const checked = checkEntry(entry.data, scope);
    if (typeof checked === "string") dropped.push(`facts[${i}]: ${checked}`);
    else facts.push(checked);
  }
  if (entries.length > 0 && shaped === 0) return { ok: false, reason: `none of the ${entries.length} entries has a fact's shape (${dropped[dropped.length - 1]})` };
  return { ok: true, facts: capPerMessage(facts, scope.maxFactsPerMessage, dropped), dropped };
}
