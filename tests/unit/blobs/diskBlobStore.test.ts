import { createHash } from "node:crypto";
import { mkdtemp, readdir, rm, utimes } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { diskBlobStore } from "../../../src/blobs/diskBlobStore.js";
import type { StoredBlob } from "../../../src/blobs/blobStore.js";

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), "mnemograph-blobs-"));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const sha = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");
const listed = async (store: ReturnType<typeof diskBlobStore>) => {
  const blobs: StoredBlob[] = [];
  for await (const blob of store.list()) blobs.push(blob);
  return blobs;
};
/** Every file under the store's folder, temporary ones included. */
const allFiles = async () => (await readdir(dir, { recursive: true, withFileTypes: true })).filter((e) => e.isFile()).map((e) => e.name);

describe("diskBlobStore", () => {
  it("stores bytes under their SHA-256 and gives the same bytes back", async () => {
    const store = diskBlobStore(dir);
    const bytes = Buffer.from("\x89PNG the image bytes");
    const key = await store.put("acme", bytes);
    expect(key).toBe(sha(bytes));
    expect(await store.get("acme", key)).toEqual(bytes);
  });

  it("keys blobs per tenant: another tenant reads nothing under the same hash", async () => {
    const store = diskBlobStore(dir);
    const key = await store.put("acme", Buffer.from("acme's screenshot"));
    expect(await store.get("globex", key)).toBeNull();
    expect(await store.get("acme", key)).not.toBeNull();
  });

  it("putting the same bytes again keeps one file and renews its time", async () => {
    const store = diskBlobStore(dir);
    const bytes = Buffer.from("a repeated screen");
    const key = await store.put("acme", bytes);
    const file = path.join(dir, `t-${Buffer.from("acme").toString("hex")}`, key.slice(0, 2), key);
    const old = new Date("2020-01-01T00:00:00Z");
    await utimes(file, old, old);
    expect(await store.put("acme", bytes)).toBe(key);
    const [blob] = await listed(store);
    expect(blob!.putAt.getTime()).toBeGreaterThan(old.getTime());
    expect(await allFiles()).toEqual([key]);
  });

  it("leaves no temporary file behind after a put", async () => {
    const store = diskBlobStore(dir);
    await Promise.all([1, 2, 3].map((n) => store.put("acme", Buffer.from(`shot ${n}`))));
    expect((await allFiles()).filter((f) => f.endsWith(".tmp"))).toEqual([]);
  });

  it("lists every blob with its tenant, whatever characters the tenant id holds", async () => {
    const store = diskBlobStore(dir);
    const a = await store.put("acme", Buffer.from("one"));
    const b = await store.put("team:é/../x", Buffer.from("two"));
    const blobs = await listed(store);
    expect(blobs.map(({ tenant, key }) => ({ tenant, key })).sort((x, y) => x.tenant.localeCompare(y.tenant))).toEqual([
      { tenant: "acme", key: a },
      { tenant: "team:é/../x", key: b },
    ]);
    expect(await store.get("team:é/../x", b)).toEqual(Buffer.from("two"));
  });

  it("lists nothing, and reads nothing, when its folder does not exist yet", async () => {
    const store = diskBlobStore(path.join(dir, "not-yet"));
    expect(await listed(store)).toEqual([]);
    expect(await store.get("acme", "a".repeat(64))).toBeNull();
  });

  it("deletes a blob, but not one put at or after `unlessPutSince`", async () => {
    const store = diskBlobStore(dir);
    const key = await store.put("acme", Buffer.from("to sweep"));
    expect(await store.delete("acme", key, new Date(Date.now() - 60_000))).toBe(false);
    expect(await store.get("acme", key)).not.toBeNull();
    expect(await store.delete("acme", key, new Date(Date.now() + 60_000))).toBe(true);
    expect(await store.get("acme", key)).toBeNull();
    expect(await store.delete("acme", key)).toBe(false);
  });

  it("refuses a key that is not 64 hex digits before it reaches a path", async () => {
    const store = diskBlobStore(dir);
    await expect(store.get("acme", "../../etc/passwd")).rejects.toThrow(/Not a blob key/);
    await expect(store.delete("acme", "A".repeat(64))).rejects.toThrow(/Not a blob key/);
  });
});
