/**
 * `npm run mcp -- [--url URL] [--token T | --api-key K] [--as ID]`: the same
 * as `mnemograph mcp` (commands/mcpCommand.ts), for a checkout without the
 * `bin` linked.
 */
process.argv.splice(2, 0, "mcp");
await import("./mnemograph.js");
