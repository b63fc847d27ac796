import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile, writeFile } from "node:fs/promises";
import path from "node:path";
import neo4j from "neo4j-driver";

const PASSWORD_FILE = "neo4j-password";

/**
 * The embedded server keeps authentication on, even on loopback: the first
 * start replaces Neo4j's initial `neo4j/neo4j` with a random password kept in
 * the data directory (mode 600), which later starts read back.
 */
export async function ensureLocalPassword(homeDir: string, boltUri: string): Promise<string> {
  const file = path.join(homeDir, PASSWORD_FILE);
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();

  const password = randomBytes(18).toString("base64url");
  const driver = neo4j.driver(boltUri, neo4j.auth.basic("neo4j", "neo4j"));
  try {
    const session = driver.session({ database: "system" });
    try {
      await session.run("ALTER CURRENT USER SET PASSWORD FROM $old TO $new", { old: "neo4j", new: password });
    } finally {
      await session.close();
    }
  } finally {
    await driver.close();
  }
  await writeFile(file, `${password}\n`, { mode: 0o600 });
  return password;
}
