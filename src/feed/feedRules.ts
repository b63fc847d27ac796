import type { OutboxEvent } from "../core/outboxEvent.js";
import { grantsRead } from "../auth/readRule.js";

/** One subscription rule of an agent, as the feed matches it (schema/agents.graphql `SubscriptionRule`). */
export interface FeedRule {
  /** Empty (or containing `all`, as the agent team writes it) = any knowledge type. */
  knowledgeTypes: string[];
  /** Empty = any domain; else the event must share at least one. */
  domains: string[];
  minConfidence: number;
  delivery: "IMMEDIATE" | "BATCHED";
  batchIntervalSeconds: number | null;
  /** Agents the rule listens to (FROM_AGENT); empty = every agent. */
  sources: string[];
}

/** A rule as the feed reads it from its SubscriptionRule node, with the node's id: a delivered event names the rules that selected it (FeedEvent.selectedByRuleIds). */
export type FeedRuleNode = FeedRule & { id: string };

/** Whose feed is being matched: the agent, and whether it reads as a tenant admin. */
export interface FeedReader {
  agentId: string;
  admin: boolean;
}

/** How broadcasts reach a reader (Agent.broadcastDelivery; unset = IMMEDIATE). */
export type BroadcastDelivery = "IMMEDIATE" | "BATCHED";

/** How an event reaches a reader: now, in the next batch, or not at all. */
export type EventRoute = "IMMEDIATE" | "BATCHED" | null;

/** May the reader read the event's node as it was when written? The READ rule (auth/readRule.ts). Pure. */
export function mayRead(reader: FeedReader, event: Pick<OutboxEvent, "ownerId" | "visibility" | "sharedWith">): boolean {
  return reader.admin || grantsRead(reader.agentId, event);
}

/** Does one rule select the event (type, domains, confidence, source)? Pure. */
export function ruleMatches(rule: FeedRule, event: Pick<OutboxEvent, "nodeType" | "domains" | "confidence" | "actorAgentId" | "ownerId">): boolean {
  const anyType = rule.knowledgeTypes.length === 0 || rule.knowledgeTypes.includes("all");
  if (!anyType && !rule.knowledgeTypes.includes(event.nodeType)) return false;
  if (rule.domains.length > 0 && !event.domains.some((d) => rule.domains.includes(d))) return false;
  if ((event.confidence ?? 0) < rule.minConfidence) return false;
  if (rule.sources.length > 0 && !rule.sources.includes(event.actorAgentId) && !rule.sources.includes(event.ownerId)) return false;
  return true;
}

/** An event as a reader receives it: with the ids of the reader's rules that select it (FeedEvent.selectedByRuleIds). */
export type SelectedEvent = OutboxEvent & { selectedByRuleIds: string[] };

/**
 * The event with the reader's rules that select it, by the same test routeEvent
 * applies: the feed says why an event came, so no client has to match rules again.
 * A broadcast may have none. Pure.
 */
export function withSelectingRules(rules: readonly FeedRuleNode[], event: OutboxEvent): SelectedEvent {
  return { ...event, selectedByRuleIds: rules.filter((r) => ruleMatches(r, event)).map((r) => r.id) };
}

/**
 * Where an event goes for a reader (docs/knowledge-feed.md): nowhere unless the
 * reader could read the node; broadcast events immediately, or with
 * `broadcasts` BATCHED in the next batch unless an IMMEDIATE rule selects them;
 * else immediately when an IMMEDIATE rule selects it, in the next batch when
 * only BATCHED rules do. The reader's own writes are not echoed back unless
 * broadcast. Pure.
 */
export function routeEvent(reader: FeedReader, rules: readonly FeedRule[], event: OutboxEvent, broadcasts: BroadcastDelivery = "IMMEDIATE"): EventRoute {
  if (!mayRead(reader, event)) return null;
  if (event.tier === "BROADCAST") {
    if (broadcasts === "IMMEDIATE") return "IMMEDIATE";
    return rules.some((r) => r.delivery === "IMMEDIATE" && ruleMatches(r, event)) ? "IMMEDIATE" : "BATCHED";
  }
  if (event.actorAgentId === reader.agentId) return null;
  let route: EventRoute = null;
  for (const rule of rules) {
    if (!ruleMatches(rule, event)) continue;
    if (rule.delivery === "IMMEDIATE") return "IMMEDIATE";
    route = "BATCHED";
  }
  return route;
}

/** Seconds between batches: the shortest interval of the reader's BATCHED rules (300 when none is set). Pure. */
export function batchInterval(rules: readonly FeedRule[], fallbackSeconds = 300): number {
  const intervals = rules.filter((r) => r.delivery === "BATCHED").map((r) => r.batchIntervalSeconds ?? fallbackSeconds);
  return intervals.length ? Math.min(...intervals) : fallbackSeconds;
}
