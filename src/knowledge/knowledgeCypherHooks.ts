import { z } from "zod";
import type { AppDeps } from "../core/appDeps.js";
import type { Caller } from "../core/caller.js";
import type { CypherFieldHook, CypherFieldHooks } from "../core/cypherFieldHook.js";
import { instant, limit as limitArg, unit } from "../core/args.js";
import { knowledgeTypes, subjectAgent, windowDays } from "./knowledgeArgs.js";
import type { DiscoveryField } from "./discoveryStatement.js";
import { recordAccess } from "./recordAccess.js";

/**
 * Reads a discovery field's arguments as the field always has, each a
 * BAD_USER_INPUT naming `<field>.<argument>` (FORBIDDEN for another agent
 * unless the caller is an admin); the statement takes them as given. Gives
 * the agent the field is about.
 */
function readDiscoveryArgs(field: DiscoveryField, args: Record<string, unknown>, caller: Caller): string {
  const agentId = subjectAgent(`${field}.agentId`, args.agentId, caller);
  knowledgeTypes(`${field}.types`, args.types);
  instant(`${field}.since`, args.since == null ? null : String(args.since));
  if (args.minConfidence != null) unit(`${field}.minConfidence`, args.minConfidence);
  limitArg(`${field}.limit`, args.limit, 20);
  return agentId;
}

/** What the discovery statement returns: its items, of which only the ids matter here. */
const LISTED = z.array(z.object({ id: z.string() }));

/** `Query.unseenKnowledge`. Reading the list records nothing: the agent marks what it actually reads (markKnowledgeAccessed, memoryQuery). */
const unseenKnowledgeHook: CypherFieldHook = async (run, args, context) => {
  readDiscoveryArgs("unseenKnowledge", args, context.caller);
  return run(context);
};

/**
 * `Query.discoverKnowledge`: what it lists is recorded as read (markKnowledgeAccessed's
 * statement) when the caller asks for itself, unless `markAccessed` is false: a write,
 * after the statement's read, as the field always did it.
 */
function discoverKnowledgeHook(deps: AppDeps): CypherFieldHook {
  return async (run, args, context) => {
    const agentId = readDiscoveryArgs("discoverKnowledge", args, context.caller);
    const items = await run(context);
    const ids = LISTED.parse(items).map((k) => k.id);
    if (args.markAccessed !== false && agentId === context.caller.agentId && ids.length > 0) await recordAccess(deps, context.caller, ids);
    return items;
  };
}

/** `Query.synthesisOpportunities`: the window counts back from the gateway's clock (`$now`), which tests may pin. */
function synthesisOpportunitiesHook(deps: AppDeps): CypherFieldHook {
  return async (run, args, context) => {
    if (args.windowDays !== null && args.windowDays !== undefined) windowDays("synthesisOpportunities.windowDays", args.windowDays, 1);
    limitArg("synthesisOpportunities.limit", args.limit, 20);
    return run({ ...context, cypherParams: { now: deps.now().toISOString() } });
  };
}

/**
 * The knowledge domain's hooks around its @cypher root fields
 * (schema/knowledge-queries.graphql): the checks of the arguments, the clock,
 * and discoverKnowledge's record of what it listed.
 */
export function knowledgeCypherHooks(deps: AppDeps): CypherFieldHooks {
  return {
    unseenKnowledge: unseenKnowledgeHook,
    discoverKnowledge: discoverKnowledgeHook(deps),
    synthesisOpportunities: synthesisOpportunitiesHook(deps),
  };
}
