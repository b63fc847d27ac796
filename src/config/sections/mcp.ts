import { section, variable, wholeNumber } from "../declare.js";

export const mcp = section({
  title: "MCP sessions",
  summary: "Sessions of the Streamable HTTP MCP endpoint at `/mcp` (src/mcp/mcpSessions.ts).",
  variables: {
    mcp: {
      sessionIdleSeconds: variable("MCP_SESSION_IDLE_SECONDS", wholeNumber(10, 86400), {
        default: 1800,
        doc: "an MCP session unused this long (no request, no open GET stream) is closed, its feed subscriptions with it",
      }),
      maxSessionsPerCaller: variable("MCP_MAX_SESSIONS_PER_CALLER", wholeNumber(1, 1000), {
        default: 10,
        doc: "MCP sessions one caller (tenant + agent) may hold open; initializing one more is refused (429 `MCP_SESSION_LIMIT`)",
      }),
    },
  },
});
