import { describe, expect, it } from "vitest";
import { KEYWORD_EXTRACTORS } from "../../../src/game/analysisKeywords.js";
import { parseTurnInput, type TurnInput } from "../../../src/game/parseTurnInput.js";

const PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";
const options = { screenshotMaxBytes: 1024, extractors: KEYWORD_EXTRACTORS };
const base: TurnInput = { number: 3, analysis: "A wild Rattata appeared on Route 1", buttonPresses: ["A"], success: true };

describe("parseTurnInput", () => {
  it("names the turn {sessionId}_turn_{n} and its screenshot after it", () => {
    const parsed = parseTurnInput("s1", { ...base, screenshot: { base64: PNG } }, options);
    expect(parsed.turn.id).toBe("s1_turn_3");
    expect(parsed.screenshot).toMatchObject({ id: "s1_turn_3_screenshot", mimeType: "image/png", sizeBytes: 70 });
  });

  it("extracts location and battle from the analysis when the client gives none", () => {
    const { turn } = parseTurnInput("s1", base, options);
    expect(turn).toMatchObject({ location: "Route", inBattle: true, battleType: "WILD", battlePhase: "unknown" });
  });

  it("keeps what the client gave over what extraction would say", () => {
    const { turn } = parseTurnInput("s1", { ...base, location: " Viridian City ", battle: { inBattle: false } }, options);
    expect(turn).toMatchObject({ location: "Viridian City", inBattle: false, battleType: null });
  });

  it("hashes the same content the same, whatever the timestamp's spelling", () => {
    const a = parseTurnInput("s1", { ...base, timestamp: "2025-06-01T12:00:00Z" }, options).turn;
    const b = parseTurnInput("s1", { ...base, timestamp: "2025-06-01T14:00:00.000+02:00" }, options).turn;
    expect(a.timestamp).toBe("2025-06-01T12:00:00.000Z");
    expect(b.contentHash).toBe(a.contentHash);
  });

  it("hashes any change of content differently, screenshot included", () => {
    const hash = (input: TurnInput) => parseTurnInput("s1", input, options).turn.contentHash;
    const original = hash(base);
    expect(hash({ ...base, success: false })).not.toBe(original);
    expect(hash({ ...base, buttonPresses: ["B"] })).not.toBe(original);
    expect(hash({ ...base, screenshot: { base64: PNG } })).not.toBe(original);
    expect(hash({ ...base, memoryContext: { recentTurns: [], turnCount: 0 } })).not.toBe(original);
  });

  it("refuses a timestamp that is not ISO-8601 and a bad screenshot, before anything is written", () => {
    expect(() => parseTurnInput("s1", { ...base, timestamp: "yesterday" }, options)).toThrowError(/timestamp must be an ISO-8601/);
    expect(() => parseTurnInput("s1", { ...base, screenshot: { base64: "not base64!" } }, options)).toThrowError(/not valid base64/);
  });
});
