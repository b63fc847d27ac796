import type { Driver } from "neo4j-driver";
import { installSquadDefaults } from "./installSquadDefaults.js";

/** The six-agent squad's agents and default subscriptions in a tenant (installSquadDefaults); returns the number of rules. */
export async function seedDefaultSubscriptions(target: { driver: Driver; database: string }, tenantId: string): Promise<number> {
  return (await installSquadDefaults(target, tenantId)).rules;
}
