import type { BlobStore } from "../blobs/blobStore.js";
import { cypherInt } from "../graph/readQuery.js";
import type { Row } from "../graph/statement.js";
import type { ValidScreenshot } from "./screenshot.js";

/**
 * Where new screenshot bytes go (SCREENSHOT_STORE): `graph`, as base64 in the
 * Screenshot node; `disk`, into `blobs`, a content-addressed store per tenant,
 * the node keeping only sha256, mimeType and sizeBytes. Each node says which
 * (`store`), and `blobs` is read whatever the mode, so turns written under one
 * setting stay readable under the other.
 */
export interface ScreenshotStorage {
  mode: "graph" | "disk";
  blobs: BlobStore;
}

/** A Screenshot node's `store`: absent on nodes written before the marker existed, which are `graph`. */
export type ScreenshotPlace = "graph" | "disk";

/**
 * The Screenshot node's properties for a validated screenshot of `tenant`. On
 * disk the bytes are put first, before the turn's transaction: a transaction
 * that then fails leaves at most a blob no node names, which the sweep (or
 * the same bytes put again) takes care of; a committed node never names a
 * blob that is not there.
 */
export async function screenshotProperties(storage: ScreenshotStorage, tenant: string, shot: ValidScreenshot & { id: string }, turnId: string) {
  const meta = { id: shot.id, turnId, mimeType: shot.mimeType, sizeBytes: cypherInt(shot.sizeBytes), sha256: shot.sha256 };
  return { ...meta, ...(await placeBytes(storage, tenant, shot.bytes, shot.base64)) };
}

/**
 * Where a screenshot's bytes go under the storage's mode, as the node's
 * properties: the base64 itself (`graph`), or, once the bytes are put into the
 * tenant's blobs, only the marker (`disk`). recordTurn and a tenant import both
 * store through it.
 */
export async function placeBytes(storage: ScreenshotStorage, tenant: string, bytes: Buffer, base64: string): Promise<{ store: "graph"; base64: string } | { store: "disk" }> {
  if (storage.mode === "graph") return { store: "graph", base64 };
  await storage.blobs.put(tenant, bytes);
  return { store: "disk" };
}

/** What a read needs to find a screenshot's bytes: projected as `n { .tenantId, .store, .sha256, .base64 }`. */
export const SCREENSHOT_BYTES_PROJECTION = (n: string) => `${n} { .tenantId, .store, .sha256, .base64 }`;

/**
 * The base64 of a screenshot as SCREENSHOT_BYTES_PROJECTION read it: from the
 * node, or from the blob store under the node's own tenant. Null when a disk
 * blob is missing (never for a committed turn, unless the folder was lost).
 */
export async function screenshotBase64(storage: ScreenshotStorage, row: Row): Promise<string | null> {
  const store = row.stringOrNull("store") ?? "graph";
  if (store !== "disk") return row.stringOrNull("base64");
  const bytes = await storage.blobs.get(row.string("tenantId"), row.string("sha256"));
  return bytes ? bytes.toString("base64") : null;
}
