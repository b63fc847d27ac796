import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { statfs } from "node:fs/promises";
import path from "node:path";
import type { Config } from "../../config/config.js";
import { LANGCHAIN4J_VERSION, LOCAL_MODELS } from "../../config/embeddingModels.js";
import { pinnedNeo4jVersion } from "../../graph/local/provisionNeo4j.js";
import { createDriver } from "../../graph/driver.js";
import { executor } from "../../graph/executor.js";
import { migrationsFor } from "../../app/migrations.js";
import { loadTypeDefs } from "../../schema/loadTypeDefs.js";

export type CheckStatus = "ok" | "warn" | "fail" | "skip";
export interface CheckResult {
  check: string;
  status: CheckStatus;
  detail: string;
}

/** What the checks look at: the gateway's configuration, and a running gateway's URL when given. */
export interface DoctorTarget {
  config: Config;
  url?: string;
}

const GIB = 1024 ** 3;

/** Neo4j 5.26 runs on Java 17 or 21; the embedded server needs `java` on the PATH. */
export function checkJava({ config }: DoctorTarget): CheckResult {
  const run = spawnSync("java", ["-version"], { encoding: "utf8" });
  const external = config.neo4j.uri !== undefined;
  if (run.error || run.status !== 0) {
    return { check: "java", status: external ? "skip" : "fail", detail: external ? "not needed: NEO4J_URI names a server" : "no `java` on the PATH: the embedded Neo4j needs Java 17 or 21" };
  }
  const major = Number(/version "(\d+)/.exec(run.stderr)?.[1] ?? 0);
  return major === 17 || major === 21
    ? { check: "java", status: "ok", detail: `Java ${major}` }
    : { check: "java", status: external ? "warn" : "fail", detail: `Java ${major || "of unknown version"}: Neo4j 5.26 needs 17 or 21` };
}

/** The Neo4j jars and the embedding model, provisioned from Maven Central into the cache. */
export async function checkMavenCache({ config }: DoctorTarget): Promise<CheckResult[]> {
  const results: CheckResult[] = [];
  const mvn = spawnSync("mvn", ["-v"], { encoding: "utf8" }).status === 0;
  if (config.neo4j.uri) results.push({ check: "maven cache: neo4j", status: "skip", detail: "not needed: NEO4J_URI names a server" });
  else {
    const home = path.join(config.neo4j.cacheDir, `neo4j-${await pinnedNeo4jVersion()}`);
    results.push(
      existsSync(path.join(home, ".complete"))
        ? { check: "maven cache: neo4j", status: "ok", detail: home }
        : { check: "maven cache: neo4j", status: mvn ? "warn" : "fail", detail: `${home} missing: ${mvn ? "the first start fetches it with mvn" : "and no `mvn` to fetch it"}` },
    );
  }
  const spec = config.embeddings.provider === "local" ? LOCAL_MODELS[config.embeddings.model] : undefined;
  if (!spec) results.push({ check: "model", status: "skip", detail: `embeddings from ${config.embeddings.provider === "openai" ? config.embeddings.baseUrl : "an endpoint"}` });
  else {
    const home = path.join(config.neo4j.cacheDir, "models", `${spec.name}-${LANGCHAIN4J_VERSION}`);
    results.push(
      existsSync(path.join(home, ".complete"))
        ? { check: "model", status: "ok", detail: `${spec.name} in ${home}` }
        : { check: "model", status: mvn ? "warn" : "fail", detail: `${spec.name} missing: ${mvn ? "the first start fetches it with mvn" : "and no `mvn` to fetch it"}` },
    );
  }
  return results;
}

/** Free space where the cache and the embedded data live. */
export async function checkDisk({ config }: DoctorTarget): Promise<CheckResult> {
  let dir = config.neo4j.cacheDir;
  while (!existsSync(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
  const fs = await statfs(dir);
  const free = fs.bavail * fs.bsize;
  const detail = `${(free / GIB).toFixed(1)} GiB free at ${dir}`;
  return { check: "disk", status: free < 0.2 * GIB ? "fail" : free < 2 * GIB ? "warn" : "ok", detail };
}

/** Neo4j and the migrations: through a running gateway's /health, or straight to the server NEO4J_URI names. */
export async function checkDatabase({ config, url }: DoctorTarget): Promise<CheckResult[]> {
  if (url) {
    try {
      const res = await fetch(new URL("/health", url));
      const body = (await res.json()) as { neo4j?: { connected?: boolean; version?: string }; schema?: { ready?: boolean; migrations?: number } };
      return [
        body.neo4j?.connected ? { check: "neo4j", status: "ok", detail: `reachable through ${url} (Neo4j ${body.neo4j.version})` } : { check: "neo4j", status: "fail", detail: `the gateway at ${url} does not reach Neo4j` },
        body.schema?.ready ? { check: "migrations", status: "ok", detail: `${body.schema.migrations} applied` } : { check: "migrations", status: "fail", detail: "the gateway's schema is not ready" },
      ];
    } catch (err) {
      return [{ check: "neo4j", status: "fail", detail: `no gateway answers at ${url}: ${(err as Error).message}` }, { check: "migrations", status: "skip", detail: "Neo4j not reached" }];
    }
  }
  const uri = config.neo4j.uri;
  if (!uri) {
    return [
      { check: "neo4j", status: "skip", detail: "embedded: it starts with the gateway (give --url to check a running one)" },
      { check: "migrations", status: "skip", detail: "applied when the gateway starts" },
    ];
  }
  const driver = createDriver({ ...config.neo4j, uri });
  try {
    await driver.verifyConnectivity({ database: config.neo4j.database });
    // SHOW commands cannot be combined with UNION: two statements.
    const graph = executor({ driver, database: config.neo4j.database });
    const names = (show: string) => graph.writeTransaction((tx) => tx.run({ cypher: show, params: {}, decode: (r) => r.string("name") }));
    const present = new Set([...(await names("SHOW INDEXES YIELD name")), ...(await names("SHOW CONSTRAINTS YIELD name"))]);
    // Data migrations and drops leave no index behind: only the ones that make one can be seen here.
    const missing = migrationsFor(loadTypeDefs().document).filter((m) => !m.data && !m.drop && !present.has(m.name)).map((m) => m.name);
    return [
      { check: "neo4j", status: "ok", detail: `reachable at ${config.neo4j.uri}` },
      missing.length === 0
        ? { check: "migrations", status: "ok", detail: `${present.size} indexes and constraints, none missing` }
        : { check: "migrations", status: "warn", detail: `${missing.length} not applied yet (the gateway applies them at start): ${missing.slice(0, 5).join(", ")}` },
    ];
  } catch (err) {
    return [{ check: "neo4j", status: "fail", detail: `not reachable at ${config.neo4j.uri}: ${(err as Error).message}` }, { check: "migrations", status: "skip", detail: "Neo4j not reached" }];
  } finally {
    await driver.close();
  }
}

/** Every check, in the order they are printed. */
export async function runDoctor(target: DoctorTarget): Promise<CheckResult[]> {
  return [checkJava(target), ...(await checkMavenCache(target)), ...(await checkDatabase(target)), await checkDisk(target)];
}
