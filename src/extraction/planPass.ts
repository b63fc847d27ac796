import { createHash } from "node:crypto";
import type { ClaimedMessage, Settled } from "./extractionQueue.js";
import type { ExtractedFact } from "./extractor.js";

/** The hash of a message's text as read for facts: the same text is not read twice. */
export const contentKey = (content: string) => createHash("sha256").update(content).digest("hex").slice(0, 32);

export interface Eligibility {
  /** Messages to read, grouped by tenant. */
  byTenant: Map<string, ClaimedMessage[]>;
  /** Messages settled without reading them, with why. */
  settled: Settled[];
}

/**
 * Which claimed messages are read for facts, and why the others are not. Pure.
 * - A message that is not SHARED is SKIPPED: facts live on people every agent
 *   of the tenant may read, so a fact learned from a private message would be
 *   more visible than the message.
 * - A tenant or channel that does not learn facts: SKIPPED.
 * - A text read before (an edit of another field queued it again): DONE, no new facts.
 */
export function sortClaimed(claimed: readonly ClaimedMessage[], offTenants: readonly string[], extractor: string): Eligibility {
  const byTenant = new Map<string, ClaimedMessage[]>();
  const settled: Settled[] = [];
  const settle = (m: ClaimedMessage, status: Settled["status"], note: string | null) =>
    settled.push({ key: m.key, content: m.content, status, contentKey: contentKey(m.content), note, facts: 0, extractor });
  for (const m of claimed) {
    if (offTenants.includes(m.tenantId)) settle(m, "SKIPPED", "extraction is off for this tenant");
    else if (!m.learnFacts) settle(m, "SKIPPED", "its channel does not learn facts");
    else if (m.visibility !== "SHARED") settle(m, "SKIPPED", "not SHARED: a fact about a person would be more visible than the message");
    else if (m.content.trim() === "") settle(m, "SKIPPED", "no text");
    else if (m.extractionKey === contentKey(m.content)) settle(m, "DONE", "text read before");
    else byTenant.set(m.tenantId, [...(byTenant.get(m.tenantId) ?? []), m]);
  }
  return { byTenant, settled };
}

/** The facts of one tenant's batch, by the message they are learned from (its first evidence id). Pure. */
export function factsByMessage(messages: readonly ClaimedMessage[], facts: readonly ExtractedFact[]): Map<string, ExtractedFact[]> {
  const ids = new Set(messages.map((m) => m.id));
  const byMessage = new Map<string, ExtractedFact[]>(messages.map((m) => [m.id, []]));
  for (const fact of facts) {
    // An extractor may cite only messages of the batch: anything else is dropped, never written.
    const evidence = fact.evidence.filter((e) => ids.has(e));
    if (evidence.length === 0) continue;
    byMessage.get(evidence[0]!)!.push({ ...fact, evidence });
  }
  return byMessage;
}
