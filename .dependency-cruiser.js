/**
 * The house rules of src/, checked by `npm test` (npm run depcheck).
 *
 * Layers, top to bottom; a folder imports only folders of its own layer's
 * allowed targets or below (see docs/architecture.md):
 *   cli → app → server, schema, mcp → domains → infrastructure → foundation
 * Domains reach another domain only through its public file, `index.ts`.
 */
const FOUNDATION = "(core|config|errors|logging|generated)";
const INFRA = "(auth|blobs|graph|embeddings|llm|maven|redis)";
const DOMAINS = "(apiKeys|beliefs|cypherTool|extraction|facts|feed|forget|game|knowledge|memory|messages|people|retrieveContext|search|transfer|workflow)";
const COMPOSITION = "(server|schema|mcp)";

const layer = (name, from, forbiddenTo, comment) => ({
  name,
  comment,
  severity: "error",
  from: { path: `^src/${from}/` },
  to: { path: `^src/${forbiddenTo}/` },
});

export default {
  forbidden: [
    {
      name: "no-file-cycle",
      comment: "Two files import each other, directly or through others: break the cycle by moving the shared part down.",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "no-folder-cycle",
      comment: "Two folders import each other: one concept leaks into the other's room.",
      severity: "error",
      scope: "folder",
      from: { path: "^src/" },
      to: { circular: true },
    },
    layer("foundation-imports-upward", FOUNDATION, `(${INFRA.slice(1, -1)}|${DOMAINS.slice(1, -1)}|${COMPOSITION.slice(1, -1)}|app|cli)`, "core, config, errors and logging are the ground floor: contracts and plumbing every layer may use, and that use nothing above them."),
    layer("infrastructure-imports-upward", INFRA, `(${DOMAINS.slice(1, -1)}|${COMPOSITION.slice(1, -1)}|app|cli)`, "auth, graph, embeddings and llm serve the domains; they know nothing of them."),
    layer("domain-imports-upward", DOMAINS, `(${COMPOSITION.slice(1, -1)}|app|cli)`, "A domain does not import the transport, the schema wiring or the app: it gets what it needs through core (RequestContext, AppDeps)."),
    layer("composition-imports-upward", COMPOSITION, "(app|cli)", "server and schema are wired by app; they do not import it."),
    layer("app-imports-cli", "app", "cli", "Entry points sit on top: nothing imports them."),
    {
      name: "domain-through-public-file",
      comment:
        "Domains reach each other only through the other domain's public files: index.ts, and tools.ts, its tool declarations (names, arguments and descriptions, readable without loading the domain's code: the stdio MCP server needs only those). Everything else in a domain folder is private to it.",
      severity: "error",
      from: { path: `^src/${DOMAINS}/` },
      to: { path: `^src/${DOMAINS}/`, pathNot: ["^src/$1/", "^src/[^/]+/(index|tools)\\.ts$"] },
    },
    {
      name: "outside-through-public-file",
      comment: "The server, the schema wiring and the app reach a domain through its public files (index.ts, tools.ts) too.",
      severity: "error",
      from: { path: `^src/(${COMPOSITION.slice(1, -1)}|app|cli)/` },
      to: { path: `^src/${DOMAINS}/`, pathNot: "^src/[^/]+/(index|tools)\\.ts$" },
    },
    {
      name: "neo4j-driver-only-in-graph",
      comment:
        "Cypher runs through the one executor (src/graph/executor.ts): outside src/graph nothing imports neo4j-driver (its sessions, transactions, executeQuery; graph/readQuery.ts has cypherInt and toNumber, graph/driver.ts the Driver type the wiring hands on). core/appDeps.ts, the contract below graph that carries the driver, names its type.",
      severity: "error",
      from: { path: "^src/", pathNot: ["^src/graph/", "^src/core/appDeps\\.ts$"] },
      to: { path: "^node_modules/neo4j-driver/" },
    },
    {
      name: "src-imports-tests-or-bench",
      comment: "The product does not import its tests, benchmarks or their fixtures.",
      severity: "error",
      from: { path: "^src/" },
      to: { path: "^(tests|bench|fixtures)/" },
    },
    {
      name: "fixtures-import-tests-or-bench",
      comment: "fixtures/ is shared by tests and benchmarks: it imports only src/.",
      severity: "error",
      from: { path: "^fixtures/" },
      to: { path: "^(tests|bench)/" },
    },
    {
      name: "client-package-standalone",
      comment: "@mnemograph/client is published on its own: it imports nothing of the gateway, its tests or benchmarks.",
      severity: "error",
      from: { path: "^packages/client/" },
      to: { path: "^(src|tests|bench|fixtures|scripts)/" },
    },
    {
      name: "client-package-src-standalone-of-examples",
      comment: "The package's code does not import its examples: they are programs that use it.",
      severity: "error",
      from: { path: "^packages/client/src/" },
      to: { path: "^packages/client/examples/" },
    },
    {
      name: "client-package-through-entry",
      comment: "Outside the package, @mnemograph/client is imported by its name (its public index.ts), as a user of the published package would; tests run its examples too.",
      severity: "error",
      from: { path: "^(src|tests|bench|fixtures)/" },
      to: { path: "^packages/client/", pathNot: ["^packages/client/src/index\\.ts$", "^packages/client/examples/"] },
    },
    {
      name: "bench-imports-tests",
      comment: "Benchmarks share code with the tests through fixtures/, not by importing tests/.",
      severity: "error",
      from: { path: "^bench/" },
      to: { path: "^tests/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    exclude: { path: "^(src|packages/client/src)/generated/" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js"] },
  },
};
