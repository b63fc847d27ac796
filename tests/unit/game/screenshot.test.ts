import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { sniffImageType, validateScreenshot } from "../../../src/game/screenshot.js";

// A real 1x1 PNG (70 bytes).
const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const jpegBytes = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(60, 7)]);
const JPEG = jpegBytes.toString("base64");

const rejects = (input: { base64: string; mimeType?: string | null }, max = 1024) => {
  try {
    validateScreenshot(input, max);
  } catch (err) {
    return { message: (err as Error).message, code: (err as { extensions: { code: string } }).extensions.code };
  }
  throw new Error("expected the screenshot to be refused");
};

describe("validateScreenshot", () => {
  it("accepts a PNG, reading its type, size and hash from the bytes", () => {
    const bytes = Buffer.from(PNG, "base64");
    expect(validateScreenshot({ base64: PNG }, 1024)).toEqual({
      base64: PNG,
      mimeType: "image/png",
      sizeBytes: 70,
      sha256: createHash("sha256").update(bytes).digest("hex"),
      bytes,
    });
  });

  it("accepts a JPEG and a matching declared type", () => {
    expect(validateScreenshot({ base64: JPEG, mimeType: "image/jpeg" }, 1024)).toMatchObject({ mimeType: "image/jpeg", sizeBytes: 64 });
  });

  it("drops a data URL prefix and stores plain base64", () => {
    expect(validateScreenshot({ base64: `data:image/png;base64,${PNG}` }, 1024).base64).toBe(PNG);
  });

  it("refuses base64 with characters outside the alphabet, whitespace or missing padding", () => {
    expect(rejects({ base64: PNG.replace("A", "*") })).toMatchObject({ code: "BAD_USER_INPUT", message: expect.stringMatching(/not valid base64/) });
    expect(rejects({ base64: `${PNG.slice(0, 20)}\n${PNG.slice(20)}` }).message).toMatch(/not valid base64/);
    expect(rejects({ base64: PNG.replace(/=+$/, "") }).message).toMatch(/not valid base64/);
    expect(rejects({ base64: "" }).message).toMatch(/must not be empty/);
  });

  it("refuses base64 whose padding bits are not zero (only the canonical encoding of the bytes is accepted)", () => {
    const last = PNG.replace(/=+$/, "");
    const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    const bumped = last.slice(0, -1) + alphabet[alphabet.indexOf(last.at(-1)!) + 1]! + PNG.slice(last.length);
    expect(Buffer.from(bumped, "base64").equals(Buffer.from(PNG, "base64"))).toBe(true);
    expect(rejects({ base64: bumped }).message).toMatch(/not valid base64/);
  });

  it("refuses bytes that are neither PNG nor JPEG", () => {
    const gif = Buffer.from("GIF89a-not-a-png-or-jpeg!").toString("base64");
    expect(rejects({ base64: gif.padEnd(Math.ceil(gif.length / 4) * 4, "=") }).message).toMatch(/must be a PNG or JPEG image/);
    expect(rejects({ base64: Buffer.from("hello world, plain text").toString("base64") }).message).toMatch(/PNG or JPEG/);
  });

  it("refuses a declared type that the bytes contradict", () => {
    expect(rejects({ base64: PNG, mimeType: "image/jpeg" }).message).toBe("recordTurn.turn.screenshot.mimeType says image/jpeg but the image is image/png");
  });

  it("refuses an image over the limit, naming both sizes, before decoding it", () => {
    const big = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(2000)]).toString("base64");
    expect(rejects({ base64: big }, 2007).message).toBe(
      "recordTurn.turn.screenshot is 2008 bytes; the limit is 2007 bytes (SCREENSHOT_MAX_BYTES)",
    );
    expect(validateScreenshot({ base64: big }, 2008).sizeBytes).toBe(2008);
  });
});

describe("sniffImageType", () => {
  it("reads PNG and JPEG magic bytes and nothing else", () => {
    expect(sniffImageType(Buffer.from(PNG, "base64"))).toBe("image/png");
    expect(sniffImageType(jpegBytes)).toBe("image/jpeg");
    expect(sniffImageType(Buffer.from([0xff, 0xd8]))).toBeNull();
    expect(sniffImageType(Buffer.alloc(0))).toBeNull();
  });
});
