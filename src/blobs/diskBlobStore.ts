import { createHash, randomBytes } from "node:crypto";
import { mkdir, open, readdir, readFile, rename, rm, stat, utimes } from "node:fs/promises";
import path from "node:path";
import { assertBlobKey, type BlobStore, type StoredBlob } from "./blobStore.js";

/** A tenant id as a folder name: hex of its UTF-8, so any id is a safe name and the folder says which tenant it is. */
const tenantFolder = (tenant: string) => `t-${Buffer.from(tenant, "utf8").toString("hex")}`;
const tenantOf = (folder: string) => (/^t-(?:[0-9a-f]{2})+$/.test(folder) ? Buffer.from(folder.slice(2), "hex").toString("utf8") : null);

const isMissing = (err: unknown) => (err as { code?: string }).code === "ENOENT";

/**
 * Blobs as files under `dir`: `t-<hex of the tenant>/<first two hex digits of
 * the key>/<key>`. A put writes a temporary file in the same folder, fsyncs it,
 * renames it into place (atomic: a reader sees all the bytes or none) and
 * fsyncs the folder, so a blob whose reference a transaction then commits
 * survives a crash. Putting bytes that are already there only renews their
 * time, which the sweep reads.
 */
export function diskBlobStore(dir: string): BlobStore {
  const folderOf = (tenant: string, key: string) => path.join(dir, tenantFolder(tenant), key.slice(0, 2));

  async function syncFolder(folder: string) {
    const handle = await open(folder, "r");
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  }

  async function writeAtomically(folder: string, file: string, bytes: Buffer) {
    await mkdir(folder, { recursive: true });
    const temporary = path.join(folder, `.${path.basename(file)}.${randomBytes(6).toString("hex")}.tmp`);
    const handle = await open(temporary, "wx");
    try {
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    try {
      await rename(temporary, file);
    } catch (err) {
      await rm(temporary, { force: true });
      throw err;
    }
    await syncFolder(folder);
  }

  return {
    async put(tenant, bytes) {
      const key = createHash("sha256").update(bytes).digest("hex");
      const folder = folderOf(tenant, key);
      const file = path.join(folder, key);
      try {
        // The same bytes are there already (a retried turn, a repeated screen): renew them for the sweep.
        const now = new Date();
        await utimes(file, now, now);
        return key;
      } catch (err) {
        if (!isMissing(err)) throw err;
      }
      await writeAtomically(folder, file, bytes);
      return key;
    },
    async get(tenant, key) {
      assertBlobKey(key);
      try {
        return await readFile(path.join(folderOf(tenant, key), key));
      } catch (err) {
        if (isMissing(err)) return null;
        throw err;
      }
    },
    async delete(tenant, key, unlessPutSince) {
      assertBlobKey(key);
      const file = path.join(folderOf(tenant, key), key);
      const info = await stat(file).catch((err: unknown) => (isMissing(err) ? null : Promise.reject(err)));
      if (!info || (unlessPutSince && info.mtime >= unlessPutSince)) return false;
      await rm(file, { force: true });
      return true;
    },
    async *list(): AsyncIterable<StoredBlob> {
      const tenants = await readdir(dir).catch((err: unknown) => (isMissing(err) ? [] : Promise.reject(err)));
      for (const folder of tenants.sort()) {
        const tenant = tenantOf(folder);
        if (tenant === null) continue;
        const shards = await readdir(path.join(dir, folder)).catch((err: unknown) => (isMissing(err) ? [] : Promise.reject(err)));
        for (const shard of shards.sort()) {
          const files = await readdir(path.join(dir, folder, shard)).catch((err: unknown) => (isMissing(err) ? [] : Promise.reject(err)));
          for (const key of files.sort()) {
            // Temporary files of a put under way (or one a crash interrupted) start with a dot and are not blobs.
            if (!/^[0-9a-f]{64}$/.test(key)) continue;
            const info = await stat(path.join(dir, folder, shard, key)).catch((err: unknown) => (isMissing(err) ? null : Promise.reject(err)));
            if (info) yield { tenant, key, putAt: info.mtime };
          }
        }
      }
    },
  };
}
