import { WhoAmIDocument } from "@mnemograph/client";
import { READ, declareAgentTool } from "../core/agentTool.js";

/** whoami, declared once beside Query.whoami (core/agentTool.ts). */
export const ACCESS_AGENT_TOOLS = [
  declareAgentTool({
    name: "whoami",
    field: "whoami",
    title: "Who am I",
    description: "Who you are to your memory: your agent id (every agent_id defaults to it), your tenant, your roles and what they let you do.",
    document: String(WhoAmIDocument),
    hints: READ,
    render: (r) =>
      [`You are agent ${r.agentId} of tenant ${r.tenantId} (roles: ${r.roles.join(", ").toLowerCase()}).`, ...(r.permissions ?? []).map((m) => `- You may ${m}.`)].join("\n"),
  }),
];
