import { randomUUID } from "node:crypto";
import type { Caller } from "../core/caller.js";
import { hasRole } from "../auth/policy.js";
import { ForbiddenError } from "../errors/errors.js";
import { executor } from "../graph/executor.js";
import type { BeliefDeps } from "./beliefDeps.js";
import { consolidate } from "./consolidate.js";
import { llmReflection } from "./llmReflection.js";
import { readReflectionInput } from "./readReflectionInput.js";
import type { ActiveBelief, ExperienceInput, ReflectionPlan } from "./reflectionPlan.js";
import { REFLECTION_PROMPT_VERSION } from "./reflectionPrompt.js";
import { writeWithEvents } from "../feed/index.js";
import { writeReflection } from "./writeReflection.js";

export interface ReflectRequest {
  agentId: string;
  limit: number;
  /** Recorded as the Reflection's trigger: which tool asked. */
  trigger: string;
}

/**
 * One reflection cycle for an agent: read its unconsidered experiences and
 * ACTIVE beliefs, let the model (when configured) or deterministic
 * consolidation plan the beliefs, then write the plan in one transaction
 * (writeReflection.ts). Only the agent itself or an admin may reflect for it.
 * Returns the Reflection's id.
 */
export async function reflect(deps: BeliefDeps, caller: Caller, request: ReflectRequest, newId: () => string = randomUUID): Promise<string> {
  if (request.agentId !== caller.agentId && !hasRole(caller, "admin")) {
    throw new ForbiddenError(`Only agent "${request.agentId}" itself or an admin may reflect for it`);
  }
  // One managed read without the shared bookmarks, as it always ran.
  const input = await executor(deps).readTransaction((tx) => readReflectionInput(tx, caller.tenantId, request.agentId, request.limit), { bookmarks: false });
  const plan = await planReflection(deps, input.experiences, input.beliefs, newId);
  const reflectionId = newId();
  const write = { tenantId: caller.tenantId, agentId: request.agentId, actorAgentId: caller.agentId, reflectionId, trigger: request.trigger, plan, poolThreshold: deps.poolThreshold, at: deps.now() };
  await writeWithEvents(deps, async (tx) => ({ result: null, staged: await writeReflection(tx, write) }));
  return reflectionId;
}

/** The model's plan when it is configured and answers usably; deterministic consolidation otherwise, saying why. */
async function planReflection(deps: BeliefDeps, experiences: ExperienceInput[], beliefs: ActiveBelief[], newId: () => string): Promise<ReflectionPlan> {
  if (experiences.length === 0) {
    return { planner: "DETERMINISTIC", fallbackReason: null, promptVersion: null, content: "Nothing new to reflect on: every experience has been considered.", insights: [], considered: [], formed: [], reinforced: [] };
  }
  let fallbackReason: string | null = null;
  if (deps.model) {
    const drafted = await llmReflection(deps.model, experiences, beliefs, newId);
    if (drafted.ok) return { planner: "LLM", fallbackReason: null, promptVersion: REFLECTION_PROMPT_VERSION, ...drafted.plan };
    fallbackReason = drafted.reason;
  }
  const [experienceVectors, beliefVectors] = await Promise.all([
    deps.embedder.embedPassages(experiences.map((e) => e.description)),
    beliefs.length ? deps.embedder.embedPassages(beliefs.map((b) => b.content)) : Promise.resolve([]),
  ]);
  const plan = consolidate({ experiences, experienceVectors, beliefs, beliefVectors, threshold: deps.similarityThreshold, newId });
  return { planner: "DETERMINISTIC", fallbackReason, promptVersion: null, ...plan };
}
