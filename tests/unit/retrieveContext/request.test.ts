import { describe, expect, it } from "vitest";
import { BadUserInputError } from "../../../src/errors/errors.js";
import { DEFAULTS, LIMITS, parseRetrieveRequest } from "../../../src/retrieveContext/request.js";

const one = [{ content: "Who knows Python?" }];

/** The BadUserInputError a parse throws (fails the test when it does not throw). */
function refusal(input: Record<string, unknown>): BadUserInputError {
  try {
    parseRetrieveRequest(input);
  } catch (err) {
    expect(err).toBeInstanceOf(BadUserInputError);
    return err as BadUserInputError;
  }
  throw new Error("expected the request to be refused");
}

describe("parseRetrieveRequest: limits", () => {
  it.each([
    ["maxFacts 0", { maxFacts: 0 }, "RetrieveContextInput.maxFacts", /maxFacts must be an integer between 1 and 100, got 0/],
    ["maxFacts 101", { maxFacts: 101 }, "RetrieveContextInput.maxFacts", /between 1 and 100, got 101/],
    ["maxFacts 2.5", { maxFacts: 2.5 }, "RetrieveContextInput.maxFacts", /got 2.5/],
    ["maxFacts as text", { maxFacts: "10" }, "RetrieveContextInput.maxFacts", /got 10/],
    ["maxFacts NaN", { maxFacts: Number.NaN }, "RetrieveContextInput.maxFacts", /got NaN/],
    ["maxIterations 0", { maxIterations: 0 }, "RetrieveContextInput.maxIterations", /maxIterations must be an integer between 1 and 20, got 0/],
    ["maxIterations 21", { maxIterations: 21 }, "RetrieveContextInput.maxIterations", /between 1 and 20, got 21/],
    ["maxIterations -1", { maxIterations: -1 }, "RetrieveContextInput.maxIterations", /got -1/],
    ["no messages field", { messages: undefined }, "RetrieveContextInput.messages", /at least one message/],
    ["an empty message list", { messages: [] }, "RetrieveContextInput.messages", /at least one message/],
    ["messages that are not a list", { messages: "hi" }, "RetrieveContextInput.messages", /at least one message/],
    ["51 messages", { messages: Array.from({ length: 51 }, () => ({ content: "hi" })) }, "RetrieveContextInput.messages", /at most 50 items, got 51/],
    ["content of 5001 characters", { messages: [{ content: "x".repeat(5001) }] }, "RetrieveMessageInput.content", /messages\[0\]\.content is at most 5000 characters long, got 5001/],
    ["blank content", { messages: [{ content: " \n\t " }] }, "RetrieveMessageInput.content", /messages\[0\]\.content must not be empty/],
    ["missing content", { messages: [{ authorId: "u" }] }, "RetrieveMessageInput.content", /must not be empty/],
    ["content that is a number", { messages: [{ content: 42 }] }, "RetrieveMessageInput.content", /must not be empty/],
    ["a null message", { messages: [null] }, "RetrieveMessageInput.content", /messages\[0\]\.content must not be empty/],
    ["a bad timestamp", { messages: [{ content: "hi" }, { content: "yo", timestamp: "yesterday-ish" }] }, "RetrieveMessageInput.timestamp", /messages\[1\]\.timestamp must be an ISO-8601 date-time/],
    ["a timestamp over 40 characters", { messages: [{ content: "hi", timestamp: `2024-01-01T00:00:00Z${" ".repeat(30)}` }] }, "RetrieveMessageInput.timestamp", /at most 40 characters/],
    ["an author id over 200 characters", { messages: [{ content: "hi", authorId: "u".repeat(201) }] }, "RetrieveMessageInput.authorId", /messages\[0\]\.authorId is at most 200 characters long, got 201/],
    ["an author name over 200 characters", { messages: [{ content: "hi", authorName: "n".repeat(201) }] }, "RetrieveMessageInput.authorName", /at most 200 characters/],
    ["an author id that is not text", { messages: [{ content: "hi", authorId: 7 }] }, "RetrieveMessageInput.authorId", /authorId must be a string/],
    ["a channel id over 200 characters", { channelId: "c".repeat(201) }, "RetrieveContextInput.channelId", /channelId is at most 200 characters long, got 201/],
  ])("refuses %s with BAD_USER_INPUT naming the field", (_name, change, field, message) => {
    const error = refusal({ messages: one, ...change });
    expect(error.extensions).toMatchObject({ code: "BAD_USER_INPUT", field });
    expect(error.message).toMatch(message);
  });

  it.each([
    ["maxFacts", 1],
    ["maxFacts", LIMITS.maxFacts],
    ["maxIterations", 1],
    ["maxIterations", LIMITS.maxIterations],
  ])("accepts %s at its bound %i", (name, value) => {
    expect(parseRetrieveRequest({ messages: one, [name]: value })[name as "maxFacts" | "maxIterations"]).toBe(value);
  });

  it("accepts exactly 50 messages and content of exactly 5000 characters", () => {
    const messages = Array.from({ length: LIMITS.maxMessages }, () => ({ content: "x".repeat(LIMITS.maxContent) }));
    expect(parseRetrieveRequest({ messages }).messages).toHaveLength(50);
  });
});

describe("parseRetrieveRequest: defaults and normalisation", () => {
  it("fills maxFacts 30, maxIterations 10, debug false and null optionals when they are absent or null", () => {
    const expected = { channelId: null, maxFacts: DEFAULTS.maxFacts, maxIterations: DEFAULTS.maxIterations, debug: false };
    expect(parseRetrieveRequest({ messages: one })).toMatchObject(expected);
    expect(parseRetrieveRequest({ messages: one, maxFacts: null, maxIterations: null, channelId: null, debug: null })).toMatchObject(expected);
    expect(DEFAULTS).toEqual({ maxFacts: 30, maxIterations: 10 });
  });

  it("turns debug on only for the boolean true", () => {
    expect(parseRetrieveRequest({ messages: one, debug: true }).debug).toBe(true);
    expect(parseRetrieveRequest({ messages: one, debug: "true" }).debug).toBe(false);
    expect(parseRetrieveRequest({ messages: one, debug: 1 }).debug).toBe(false);
  });

  it("keeps content as written but trims author fields and the channel, blank ones becoming null", () => {
    const parsed = parseRetrieveRequest({
      messages: [{ content: "  Who knows Python?  ", authorId: "  u_bob ", authorName: "   " }],
      channelId: " general ",
    });
    expect(parsed.messages).toEqual([{ authorId: "u_bob", authorName: null, content: "  Who knows Python?  ", timestamp: null }]);
    expect(parsed.channelId).toBe("general");
  });

  it("accepts an ISO date-time string or a Date as the timestamp and keeps it as text", () => {
    const parsed = parseRetrieveRequest({
      messages: [
        { content: "a", timestamp: "2024-03-14T10:00:00Z" },
        { content: "b", timestamp: new Date("2024-03-14T10:00:00Z") },
        { content: "c", timestamp: null },
      ],
    });
    expect(parsed.messages.map((m) => m.timestamp)).toEqual(["2024-03-14T10:00:00Z", "2024-03-14T10:00:00.000Z", null]);
  });

  it("does not change the input it was given", () => {
    const input = { messages: [{ content: "hi", authorId: " u " }], maxFacts: 5 };
    const copy = structuredClone(input);
    parseRetrieveRequest(input);
    expect(input).toEqual(copy);
  });
});
