import { createHash } from "node:crypto";
import { BadUserInputError } from "../errors/errors.js";

/** A screenshot that passed validation, ready to store. */
export interface ValidScreenshot {
  base64: string;
  mimeType: "image/png" | "image/jpeg";
  sizeBytes: number;
  /** Hex SHA-256 of the image bytes. */
  sha256: string;
  /** The image bytes (what SCREENSHOT_STORE=disk writes). */
  bytes: Buffer;
}

const FIELD = "recordTurn.turn.screenshot";
const DATA_URL = /^data:(image\/(?:png|jpeg));base64,/;
const PNG_MAGIC = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG_MAGIC = [0xff, 0xd8, 0xff];

/** Hex SHA-256 of image bytes: a screenshot's key, in its node and in the blob store. */
export const sha256Hex = (bytes: Buffer) => createHash("sha256").update(bytes).digest("hex");

const startsWith = (bytes: Buffer, magic: readonly number[]) => bytes.length >= magic.length && magic.every((b, i) => bytes[i] === b);

/** The image type its first bytes say, or null when they are neither PNG nor JPEG. */
export function sniffImageType(bytes: Buffer): ValidScreenshot["mimeType"] | null {
  if (startsWith(bytes, PNG_MAGIC)) return "image/png";
  if (startsWith(bytes, JPEG_MAGIC)) return "image/jpeg";
  return null;
}

const notBase64 = () =>
  new BadUserInputError(
    `${FIELD}.base64 is not valid base64: only A-Z a-z 0-9 + / with = padding to a multiple of 4 characters, no spaces or line breaks`,
    `${FIELD}.base64`,
  );

/**
 * Checks that `base64` is strict, padded base64 (a `data:image/...;base64,`
 * prefix is dropped) of a PNG or JPEG of at most `maxBytes`, and that a
 * declared `mimeType` matches the image. Throws BAD_USER_INPUT saying which
 * rule failed; the size is checked before anything is decoded. Pure.
 */
export function validateScreenshot(input: { base64: string; mimeType?: string | null }, maxBytes: number): ValidScreenshot {
  const prefixed = DATA_URL.exec(input.base64);
  const base64 = prefixed ? input.base64.slice(prefixed[0].length) : input.base64;
  const declared = input.mimeType ?? prefixed?.[1] ?? null;
  if (base64.length === 0) throw new BadUserInputError(`${FIELD}.base64 must not be empty`, `${FIELD}.base64`);
  if (base64.length % 4 !== 0) throw notBase64();
  const padding = base64.endsWith("==") ? 2 : base64.endsWith("=") ? 1 : 0;
  const sizeBytes = (base64.length / 4) * 3 - padding;
  if (sizeBytes > maxBytes) {
    throw new BadUserInputError(`${FIELD} is ${sizeBytes} bytes; the limit is ${maxBytes} bytes (SCREENSHOT_MAX_BYTES)`, `${FIELD}.base64`);
  }
  const bytes = Buffer.from(base64, "base64");
  // Buffer skips junk silently; strict base64 is exactly what encoding the bytes again gives back
  // (native and far faster on megabytes than a regular expression).
  if (bytes.toString("base64") !== base64) throw notBase64();
  const mimeType = sniffImageType(bytes);
  if (!mimeType) throw new BadUserInputError(`${FIELD} must be a PNG or JPEG image (its first bytes are neither)`, `${FIELD}.base64`);
  if (declared !== null && declared !== mimeType) {
    throw new BadUserInputError(`${FIELD}.mimeType says ${declared} but the image is ${mimeType}`, `${FIELD}.mimeType`);
  }
  return { base64, mimeType, sizeBytes: bytes.length, sha256: sha256Hex(bytes), bytes };
}
