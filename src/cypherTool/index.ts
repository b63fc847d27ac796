export { cypherToolResolvers } from "./cypherToolResolvers.js";
export { type CypherDeps, runReadOnlyCypher } from "./runReadOnlyCypher.js";
export { mayRunCypher } from "./requireCypherAccess.js";
