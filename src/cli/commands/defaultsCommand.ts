import type { Command } from "commander";
import { call, withConnectionOptions, withGateway, type ConnectionOptions } from "./connection.js";
import { emit, type OutputOptions } from "./output.js";

const INSTALL = `mutation CliInstallSquadDefaults { installSquadDefaults { agents agentsCreated rules rulesCreated agentIds } }`;

interface SquadInstallation {
  agents: number;
  agentsCreated: number;
  rules: number;
  rulesCreated: number;
  agentIds: string[];
}

/** `mnemograph defaults install`: the six-agent squad's agents and default subscriptions, through the installSquadDefaults mutation (an admin's credentials). */
export function defaultsCommand(program: Command): void {
  const defaults = program.command("defaults").description("install the defaults a team starts from");
  withConnectionOptions(
    defaults
      .command("install")
      .description("install the six-agent squad in your tenant: its six agents, their ten default subscription rules and the improvement loop; idempotent (needs an admin's token or key)")
      .option("--json", "print what was found and created as JSON"),
  ).action(async (options: ConnectionOptions & OutputOptions) => {
    const { installSquadDefaults: r } = await withGateway(options, (c) => call<{ installSquadDefaults: SquadInstallation }>(c.client, INSTALL));
    emit(options, r, `Squad: ${r.agents} agents (${r.agentsCreated} created), ${r.rules} subscription rules (${r.rulesCreated} created): ${r.agentIds.join(", ")}`);
  });
}
