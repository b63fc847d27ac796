import { callSignature } from "../stopConditions.js";
import { plannerTools } from "../tools/plannerTools.js";
import type { LoopView, PlannedCall, PlannerSession, PlanStep } from "./planner.js";
import type { IntentKind } from "../analyzeConversation.js";
import type { LinkedEntity } from "../linkEntities.js";

/** Rounds the deterministic planner needs at most: entities first, then relationships and meaning. */
export const DETERMINISTIC_ROUNDS = 2;
const MAX_PEOPLE = 8;
const MAX_PAIRS = 6;
const MAX_PER_KIND = 3;

/** Which declared tool serves which purpose, and under which argument names (core/retrievalTool.ts PlannerRole). */
const TOOLS = plannerTools();

const KIND_OF_LABEL: Partial<Record<LinkedEntity["label"], IntentKind>> = {
  Org: "organization",
  Skill: "skill",
  Place: "location",
  Topic: "topic",
  // "If someone mentions a project, look up who else is connected" (the knowledge agent's guidelines).
  Project: "projectOrEvent",
  Event: "projectOrEvent",
};

/** The people in play: authors who are Person nodes, then people the conversation names. */
function peopleInPlay(view: LoopView): string[] {
  const ids = [
    ...view.links.authors.map((a) => a.personId).filter((id): id is string => Boolean(id)),
    ...view.links.entities.filter((e) => e.label === "Person").map((e) => e.id),
  ];
  return [...new Set(ids)].slice(0, MAX_PEOPLE);
}

/** Round 1: profiles of the people in play, people by each organisation, skill, place, topic, project and event named or asked about. Pure. */
export function entityCalls(view: LoopView): Omit<PlannedCall, "id">[] {
  const calls: Omit<PlannedCall, "id">[] = peopleInPlay(view).map((id) => ({ tool: TOOLS.profile.name, args: { [TOOLS.profile.args[0]]: id } }));
  const terms = new Map<IntentKind, Map<string, string>>();
  const add = (kind: IntentKind, term: string) => {
    const byLower = terms.get(kind) ?? new Map<string, string>();
    if (!byLower.has(term.toLowerCase()) && byLower.size < MAX_PER_KIND) byLower.set(term.toLowerCase(), term);
    terms.set(kind, byLower);
  };
  for (const intent of view.analysis.intents) add(intent.kind, intent.term);
  for (const e of view.links.entities) {
    const kind = KIND_OF_LABEL[e.label];
    if (kind) add(kind, e.name);
  }
  for (const [kind, byLower] of terms) {
    const { name: tool, args: [arg] } = TOOLS.named[kind];
    for (const term of byLower.values()) calls.push({ tool, args: { [arg]: term } });
  }
  if (view.analysis.implicitReferences.length) calls.push({ tool: TOOLS.participants.name, args: {} });
  return calls;
}

/** Round 2: how the people in play are connected, and search by meaning for what names did not cover. Pure. */
export function followUpCalls(view: LoopView): Omit<PlannedCall, "id">[] {
  const people = peopleInPlay(view);
  const calls: Omit<PlannedCall, "id">[] = [];
  for (let i = 0; i < people.length && calls.length < MAX_PAIRS; i++) {
    for (let j = i + 1; j < people.length && calls.length < MAX_PAIRS; j++) {
      calls.push({ tool: TOOLS.between.name, args: { [TOOLS.between.args[0]]: people[i], [TOOLS.between.args[1]!]: people[j] } });
    }
  }
  const query = view.analysis.query.slice(-500);
  // Meaning fills the gaps: always for snippets, for facts when names found little.
  if (view.factCount < 3) calls.push({ tool: TOOLS.factsByMeaning.name, args: { [TOOLS.factsByMeaning.args[0]]: query } });
  const snippets = TOOLS.snippetsByMeaning;
  calls.push({ tool: snippets.name, args: { [snippets.args[0]]: query, [snippets.args[1]!]: snippets.limit } });
  return calls;
}

/**
 * Plans from the conversation alone, no model: links names to the graph,
 * then asks the tools that fit. At most DETERMINISTIC_ROUNDS rounds; calls an
 * earlier planner of the same run already made are not repeated.
 */
export function deterministicPlanner(): PlannerSession {
  let round = 0;
  let counter = 0;
  return {
    kind: "DETERMINISTIC",
    promptVersion: null,
    tokensUsed: () => 0,
    async next(view: LoopView): Promise<PlanStep> {
      const done = new Set(view.outcomes.filter((o) => o.ok).map((o) => callSignature(o.call.tool, (o.call.args ?? {}) as Record<string, unknown>)));
      while (round < DETERMINISTIC_ROUNDS) {
        const planned = (round === 0 ? entityCalls(view) : followUpCalls(view)).filter((c) => !done.has(callSignature(c.tool, c.args as Record<string, unknown>)));
        round++;
        if (planned.length) {
          const names = planned.map((c) => c.tool);
          return {
            kind: "calls",
            calls: planned.map((c) => ({ ...c, id: `det_${++counter}` })),
            reasoning: round === 1 ? `Look up the people and things the conversation names (${[...new Set(names)].join(", ")})` : "Connect the people in play and search by meaning for the rest",
          };
        }
      }
      return { kind: "done", reasoning: "Every lookup that fits the conversation has been made" };
    },
  };
}
