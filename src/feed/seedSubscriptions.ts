import type { GraphTarget } from "../graph/executor.js";
import { installSquadDefaults } from "./installSquadDefaults.js";

/** The six-agent squad's agents and default subscriptions in a tenant (installSquadDefaults); returns the number of rules. */
export async function seedDefaultSubscriptions(target: GraphTarget, tenantId: string): Promise<number> {
  return (await installSquadDefaults(target, tenantId)).rules;
}
