import type { NodeTransfer } from "../core/nodeTransfer.js";
import { sha256Hex, sniffImageType } from "./screenshot.js";
import { placeBytes, type ScreenshotStorage } from "./screenshotStorage.js";

/**
 * Screenshots in a tenant export and import. An export line always holds the
 * bytes inline as `base64` and no `store`, whatever store they came from, so
 * an export reads the same under either SCREENSHOT_STORE; the import writes
 * them where the importing gateway keeps screenshots (SCREENSHOT_STORE=disk:
 * into its blob store under the importing tenant, before the batch's
 * transaction, as recordTurn does).
 */
export function screenshotTransfer(storage: ScreenshotStorage): NodeTransfer {
  return {
    async exported(tenant, properties) {
      const { store, ...rest } = properties;
      if (store !== "disk") return rest;
      const bytes = typeof rest.sha256 === "string" ? await storage.blobs.get(tenant, rest.sha256) : null;
      if (!bytes) throw new Error(`Screenshot ${JSON.stringify(rest.id)}: its bytes (sha256 ${String(rest.sha256)}) are not in the screenshot store`);
      return { ...rest, base64: bytes.toString("base64") };
    },
    async imported(tenant, properties) {
      const { store, base64, ...rest } = properties;
      void store;
      if (typeof base64 !== "string") throw new TypeError("a Screenshot needs its bytes as base64");
      const bytes = Buffer.from(base64, "base64");
      if (bytes.toString("base64") !== base64 || !sniffImageType(bytes)) throw new TypeError("a Screenshot's base64 must be strict base64 of a PNG or JPEG");
      const sha256 = sha256Hex(bytes);
      if (rest.sha256 !== undefined && rest.sha256 !== sha256) throw new TypeError(`a Screenshot's sha256 ${JSON.stringify(rest.sha256)} is not that of its bytes (${sha256})`);
      return { ...rest, sha256, ...(await placeBytes(storage, tenant, bytes, base64)) };
    },
  };
}
