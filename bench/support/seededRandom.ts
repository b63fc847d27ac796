/**
 * Mulberry32, a small and well-known seeded generator: benchmarks and tests
 * that need "random" data get the same data on every run. The gateway's own
 * copy seeds community detection; this is the same function.
 */
export { seededRandom } from "../../src/knowledge/ranking/seededRandom.js";
