import { describe, expect, it } from "vitest";
import { idOf } from "../../../src/cli/import/importRecord.js";
import { readDiscord } from "../../../src/cli/import/readDiscord.js";
import { readJsonl } from "../../../src/cli/import/readJsonl.js";
import { parseSessionDate, readLocomo } from "../../../src/cli/import/readLocomo.js";

describe("the import readers", () => {
  it("reads JSONL by line number, skipping blank lines and naming what a bad line lacks", () => {
    const text = ['{"id":"m1","channelId":"c","authorId":"a","content":"hi","timestamp":"2026-01-01T00:00:00Z","replyTo":"m0"}', "", "[1]", '{"id":"m2"}', "{oops"].join("\n");
    const [good, notObject, missing, notJson] = readJsonl(text);
    expect(good).toEqual({ ref: "line 1", message: { id: "m1", channelId: "c", channelName: null, authorId: "a", authorName: null, content: "hi", timestamp: "2026-01-01T00:00:00Z", replyTo: "m0" } });
    expect(notObject).toEqual({ ref: "line 3", error: "not a JSON object" });
    expect(missing).toEqual({ ref: "line 4", error: "missing or not a string: channelId, authorId, content, timestamp" });
    expect(notJson).toMatchObject({ ref: "line 5", error: expect.stringMatching(/^not JSON/) });
  });

  it("reads a DiscordChatExporter export: nickname before name, the reply's target, and refuses a file without channel or messages", () => {
    const text = JSON.stringify({
      channel: { id: "42", name: "general" },
      messages: [{ id: "1", timestamp: "2026-01-01T00:00:00+00:00", content: "", author: { id: "7", name: "kim", nickname: "Kim" }, reference: { messageId: "0" } }, { id: "2" }],
    });
    expect(readDiscord(text)).toEqual([
      { ref: "messages[0]", message: { id: "1", channelId: "42", channelName: "general", platform: "discord", authorId: "7", authorName: "Kim", content: "", timestamp: "2026-01-01T00:00:00+00:00", replyTo: "0" } },
      { ref: "messages[1]", error: "a message needs id, author.id, timestamp and content" },
    ]);
    expect(() => readDiscord(JSON.stringify({ messages: [] }))).toThrow(/channel\.id/);
  });

  it("reads LoCoMo: sessions in number order, turns 30 s apart from the session's date, speakers as ids of the pattern", () => {
    const conversation = {
      speaker_a: "Ann",
      speaker_b: "Bo B",
      session_10_date_time: "9:00 am on 2 June, 2023",
      session_10: [{ speaker: "Ann", dia_id: "D10:1", text: "later" }],
      session_2_date_time: "1:56 pm on 8 May, 2023",
      session_2: [
        { speaker: "Bo B", dia_id: "D2:1", text: "first" },
        { speaker: "Ann", dia_id: "D2:2", text: "second", blip_caption: "a cat" },
      ],
      session_3_date_time: "someday",
      session_3: [{ speaker: "Ann", dia_id: "D3:1", text: "undated" }],
    };
    const read = readLocomo(JSON.stringify([{ sample_id: "s1", conversation }]));
    expect(read.map((r) => ("message" in r ? [r.message.id, r.message.timestamp, r.message.authorId, r.message.content] : [r.ref, r.error]))).toEqual([
      ["s1:D2:1", "2023-05-08T13:56:00.000Z", "s1:Bo-B", "first"],
      ["s1:D2:2", "2023-05-08T13:56:30.000Z", "s1:Ann", "second [shares a photo: a cat]"],
      ["s1 D3:1", "session_3_date_time is not a LoCoMo date"],
      ["s1:D10:1", "2023-06-02T09:00:00.000Z", "s1:Ann", "later"],
    ]);
    expect(parseSessionDate("12:05 am on 1 January, 2024")?.toISOString()).toBe("2024-01-01T00:05:00.000Z");
    expect(idOf("  Dr. O'Neil  ")).toBe("Dr.-O-Neil");
  });
});
