import { modelArgs, type AnyToolDeclaration, type NamedThing, type PlannerRole } from "../../core/retrievalTool.js";
import { RETRIEVAL_TOOLS } from "./retrievalTools.js";

/** A tool as the deterministic planner calls it: its name and its model arguments in order. */
export interface PlannedTool {
  name: string;
  args: [string, ...string[]];
}

export interface PlannerTools {
  profile: PlannedTool;
  named: Record<NamedThing, PlannedTool>;
  participants: PlannedTool;
  between: PlannedTool;
  factsByMeaning: PlannedTool;
  snippetsByMeaning: PlannedTool & { limit: number };
}

/**
 * The tools the deterministic planner uses, found by the role each
 * declaration gives itself; a role nobody declares is a programming error,
 * found at start-up.
 */
export function plannerTools(declarations: readonly AnyToolDeclaration[] = RETRIEVAL_TOOLS): PlannerTools {
  const withRole = declarations.filter((t) => t.loop?.planner).map((t) => ({ role: t.loop!.planner as PlannerRole, tool: { name: t.name, args: Object.keys(modelArgs(t)) as PlannedTool["args"] } }));
  const one = (use: PlannerRole["use"], thing?: NamedThing) => {
    const found = withRole.find((w) => w.role.use === use && (!thing || (w.role.use === "named" && w.role.thing === thing)));
    if (!found) throw new Error(`No retrieval tool declares the planner role ${use}${thing ? ` ${thing}` : ""}`);
    return found;
  };
  const snippets = one("snippetsByMeaning");
  return {
    profile: one("profile").tool,
    named: {
      organization: one("named", "organization").tool,
      skill: one("named", "skill").tool,
      location: one("named", "location").tool,
      topic: one("named", "topic").tool,
      projectOrEvent: one("named", "projectOrEvent").tool,
    },
    participants: one("participants").tool,
    between: one("between").tool,
    factsByMeaning: one("factsByMeaning").tool,
    snippetsByMeaning: { ...snippets.tool, limit: snippets.role.use === "snippetsByMeaning" ? snippets.role.limit : 10 },
  };
}
