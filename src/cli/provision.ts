/**
 * `npm run provision`: fetches Neo4j and APOC into the cache without starting
 * anything (CI and Docker images use it to warm the cache).
 */
import { loadConfig } from "../config/config.js";
import { provisionNeo4j } from "../graph/local/provisionNeo4j.js";

const config = loadConfig();
const runtime = await provisionNeo4j(config.neo4j.cacheDir, (m) => process.stdout.write(`${m}\n`));
process.stdout.write(`Neo4j ${runtime.version} ready in ${runtime.libDir}\n`);
