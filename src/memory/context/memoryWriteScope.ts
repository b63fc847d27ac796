import { Kind, type DocumentNode, type TypeNode } from "graphql";
import type { WriteEvent } from "../../core/writeEvents.js";

/** What a committed write may have changed, as far as cached memory contexts go. */
export type WriteScope = { kind: "none" } | { kind: "agent"; tenantId: string; agentId: string } | { kind: "tenant"; tenantId: string };

/** The node types a memory context is read from: memories, and agents (names, INVOLVES). */
export const CONTEXT_SOURCES = ["Memory", "Agent"] as const;

const namedType = (type: TypeNode): string => (type.kind === Kind.NAMED_TYPE ? type.name.value : namedType(type.type));

/**
 * The types from which a generated mutation can reach one of `targets`
 * through nested create/connect/update/delete, following `@relationship`
 * fields (an interface stands for all its implementations), targets included.
 * Pure: computed once from the SDL.
 */
export function typesReaching(document: DocumentNode, targets: readonly string[]): Set<string> {
  const edges = new Map<string, Set<string>>();
  const link = (from: string, to: string) => (edges.get(from) ?? edges.set(from, new Set()).get(from)!).add(to);
  for (const def of document.definitions) {
    if (def.kind !== Kind.OBJECT_TYPE_DEFINITION && def.kind !== Kind.INTERFACE_TYPE_DEFINITION) continue;
    for (const iface of def.interfaces ?? []) link(iface.name.value, def.name.value);
    for (const field of def.fields ?? []) {
      if (field.directives?.some((d) => d.name.value === "relationship")) link(def.name.value, namedType(field.type));
    }
  }
  const reaching = new Set<string>(targets);
  for (let grew = true; grew; ) {
    grew = false;
    for (const [from, tos] of edges) {
      if (!reaching.has(from) && [...tos].some((t) => reaching.has(t))) {
        reaching.add(from);
        grew = true;
      }
    }
  }
  return reaching;
}

/**
 * Which cached contexts a write makes stale. Conservative, because the event
 * does not carry the mutation's arguments: `recordInteraction` (or
 * `recordSignificantInteraction`) by an agent
 * touches only that agent's memories; by an admin (who may record for anyone)
 * the tenant's. A generated write of a type that can reach Memory or Agent, or
 * any hand-written mutation (typeName unknown), invalidates the tenant; other
 * types (messages, channels, people…) cannot change a memory context.
 */
export function writeScopeOf(event: WriteEvent, reaching: ReadonlySet<string>): WriteScope {
  const { tenantId, agentId, roles } = event.caller;
  if (event.field === "recordInteraction" || event.field === "recordSignificantInteraction") {
    return roles.includes("admin") ? { kind: "tenant", tenantId } : { kind: "agent", tenantId, agentId };
  }
  if (event.typeName === undefined || reaching.has(event.typeName)) return { kind: "tenant", tenantId };
  return { kind: "none" };
}

/**
 * A scope another gateway published (core/gatewayPeers.ts), checked as untrusted input: anything that is not
 * a scope this module makes is "none" (nothing dropped).
 */
export function writeScopeFrom(message: unknown): WriteScope {
  const m = (message ?? {}) as Record<string, unknown>;
  if (typeof m.tenantId !== "string") return { kind: "none" };
  if (m.kind === "tenant") return { kind: "tenant", tenantId: m.tenantId };
  if (m.kind === "agent" && typeof m.agentId === "string") return { kind: "agent", tenantId: m.tenantId, agentId: m.agentId };
  return { kind: "none" };
}
