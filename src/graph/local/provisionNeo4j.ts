import { existsSync } from "node:fs";
import { mkdir, readFile, readdir, rename, rm, writeFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { ProvisionError, runMaven } from "../../maven/runMaven.js";

/** The Maven project that names the Neo4j and APOC artifacts. */
export const NEO4J_POM = fileURLToPath(new URL("../../../provision/neo4j/pom.xml", import.meta.url));

/** Jars of a provisioned Neo4j: `lib` for the classpath, `plugins` for procedures. */
export interface Neo4jRuntime {
  version: string;
  libDir: string;
  pluginsDir: string;
}


/** Reads the pinned Neo4j version from the POM, so the cache folder follows it. */
export async function pinnedNeo4jVersion(pom = NEO4J_POM): Promise<string> {
  const text = await readFile(pom, "utf8");
  const match = /<neo4j\.version>([^<]+)<\/neo4j\.version>/.exec(text);
  if (!match?.[1]) throw new ProvisionError(`No <neo4j.version> in ${pom}`, "");
  return match[1];
}

/**
 * Makes sure Neo4j Community and APOC Core are in the cache, fetching them
 * from Maven Central with the machine's `mvn` the first time. The copy is
 * built in a `.partial-…` folder of its own and renamed at the end, so an
 * interrupted download is never mistaken for a complete one, and two
 * processes provisioning at once do not undo each other.
 */
export async function provisionNeo4j(cacheDir: string, log: (msg: string) => void = () => {}): Promise<Neo4jRuntime> {
  const version = await pinnedNeo4jVersion();
  const home = path.join(cacheDir, `neo4j-${version}`);
  const runtime = { version, libDir: path.join(home, "lib"), pluginsDir: path.join(home, "plugins") };
  if (existsSync(path.join(home, ".complete"))) return runtime;

  log(`Provisioning Neo4j ${version} and APOC from Maven Central into ${home}`);
  // A folder of its own per attempt: a second process provisioning at once (another checkout's tests, a
  // second `npm start`) removed the one shared `.partial` folder under the first one's Maven copy.
  const partial = `${home}.partial-${process.pid}-${Date.now()}`;
  const lib = path.join(partial, "lib");
  const plugins = path.join(partial, "plugins");
  await mkdir(lib, { recursive: true });
  await mkdir(plugins, { recursive: true });

  await runMaven([
    "-B",
    "-q",
    "-f",
    NEO4J_POM,
    "dependency:copy-dependencies",
    "-DincludeScope=runtime",
    `-DoutputDirectory=${lib}`,
  ]);

  // Procedures are loaded from the plugins folder only; their own libraries stay on the classpath.
  const jars = await readdir(lib);
  const apoc = jars.filter((j) => /^apoc-(core|common)-.*\.jar$/.test(j));
  if (apoc.length < 2) throw new ProvisionError("Maven did not provide apoc-core and apoc-common", jars.join("\n"));
  for (const jar of apoc) await rename(path.join(lib, jar), path.join(plugins, jar));

  await writeFile(path.join(partial, ".complete"), `${new Date().toISOString()}\n`);
  if (existsSync(path.join(home, ".complete"))) {
    await rm(partial, { recursive: true, force: true });
    return runtime;
  }
  await rm(home, { recursive: true, force: true });
  await rename(partial, home);
  return runtime;
}
