import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdir, readFile, writeFile } from "node:fs/promises";
import path from "node:path";

/**
 * The signing secret of a gateway that was given none, on loopback only:
 * made once, kept in the data directory (mode 600), so tokens survive restarts.
 */
export async function ensureLocalSecret(dataDir: string): Promise<string> {
  const file = path.join(dataDir, "jwt-secret");
  if (existsSync(file)) return (await readFile(file, "utf8")).trim();
  await mkdir(dataDir, { recursive: true });
  const secret = randomBytes(48).toString("base64url");
  await writeFile(file, `${secret}\n`, { mode: 0o600 });
  return secret;
}
