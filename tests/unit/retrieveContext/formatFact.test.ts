import { describe, expect, it } from "vitest";
import { formatFact, shortDate } from "../../../src/retrieveContext/formatFact.js";
import { attrs, fact } from "./fixtures.js";

describe("formatFact", () => {
  it("says 'works at' for a current job and 'worked at' for a past one", () => {
    expect(formatFact(fact({ id: "f", current: true, confidence: 0.9 }))).toBe("Charlie works at Google (confidence 0.9)");
    expect(formatFact(fact({ id: "f", current: false, confidence: 0.9 }))).toBe("Charlie worked at Google (confidence 0.9)");
  });

  it("writes a PREVIOUSLY fact with its dates, role and place", () => {
    const text = formatFact(
      fact({
        id: "f",
        type: "PREVIOUSLY",
        current: false,
        start: "2019-01-01",
        end: "2022-06-30T00:00:00.000Z",
        attributes: attrs({ role: "Software Engineer", location: "Mountain View" }),
        confidence: 0.92,
        evidence: ["msg_456"],
      }),
    );
    expect(text).toBe("Charlie previously worked at Google from 2019-01-01 to 2022-06-30 as a Software Engineer in Mountain View (confidence 0.92, evidence msg_456)");
  });

  it("LABELED writes the chatbot memory service's format: labels with colons, dates as years", () => {
    const previously = fact({
      id: "f",
      type: "PREVIOUSLY",
      current: false,
      start: "2019-01-01",
      end: "2022-06-30T00:00:00.000Z",
      attributes: attrs({ role: "Software Engineer", location: "Mountain View" }),
      confidence: 0.95,
      evidence: ["msg_123", "msg_456"],
    });
    expect(formatFact(previously, "LABELED")).toBe(
      "Charlie previously worked at Google from 2019-2022 as a Software Engineer in Mountain View (confidence: 0.95, evidence: msg_123, msg_456)",
    );
    expect(formatFact(fact({ id: "f", current: true, start: "2021-03", confidence: 0.9 }), "LABELED")).toBe("Charlie works at Google since 2021 (confidence: 0.9)");
    expect(formatFact(fact({ id: "f", current: false, start: "2020-01-01", end: "2020-09-01", confidence: 0.9 }), "LABELED")).toBe("Charlie worked at Google in 2020 (confidence: 0.9)");
    const close = fact({ id: "c", type: "CLOSE_TO", object: "Alice", current: true, attributes: attrs({ basis: "collaborate weekly" }), confidence: 0.85, evidence: ["msg_234"] });
    expect(formatFact(close, "LABELED")).toBe("Charlie is close to Alice (basis: collaborate weekly, confidence: 0.85, evidence: msg_234)");
  });

  it("falls back to the attributes' dates when the fact has no start or end", () => {
    const text = formatFact(fact({ id: "f", current: false, attributes: attrs({ startDate: "2019", endDate: "2022" }) }));
    expect(text).toBe("Charlie worked at Google from 2019 to 2022 (confidence 0.9)");
  });

  it.each([
    [{ current: true, start: "2021-03" }, "Charlie works at Google since 2021-03"],
    [{ current: false, start: "2021-03" }, "Charlie worked at Google from 2021-03"],
    [{ current: false, end: "2023" }, "Charlie worked at Google until 2023"],
  ])("phrases a single date of %j as '%s'", (over, sentence) => {
    expect(formatFact(fact({ id: "f", ...over }))).toBe(`${sentence} (confidence 0.9)`);
  });

  it.each([
    ["Engineer", "an Engineer"],
    ["engineer", "an engineer"],
    ["Intern", "an Intern"],
    ["Designer", "a Designer"],
  ])("puts the right article before the role %s", (role, phrase) => {
    expect(formatFact(fact({ id: "f", attributes: attrs({ role }) }))).toBe(`Charlie works at Google as ${phrase} (confidence 0.9)`);
  });

  it("names the place only for relations done somewhere (work, study, projects), not for a skill", () => {
    expect(formatFact(fact({ id: "f", type: "STUDIED_AT", object: "MIT", attributes: attrs({ location: "Cambridge" }) }))).toBe("Charlie studied at MIT in Cambridge (confidence 0.9)");
    expect(formatFact(fact({ id: "f", type: "HAS_SKILL", object: "Python", attributes: attrs({ location: "Berlin" }) }))).toBe("Charlie knows Python (confidence 0.9)");
  });

  it("notes a skill's proficiency and years of experience, including 0 years", () => {
    const skill = (over: Parameters<typeof attrs>[0]) => formatFact(fact({ id: "f", type: "HAS_SKILL", object: "Python", attributes: attrs(over), confidence: 0.85 }));
    expect(skill({ proficiency: "expert", yearsExperience: 8 })).toBe("Charlie knows Python (proficiency: expert, 8 years of experience, confidence 0.85)");
    expect(skill({ yearsExperience: 0 })).toBe("Charlie knows Python (0 years of experience, confidence 0.85)");
  });

  it("notes the basis of a CLOSE_TO fact and the sentiment of a topic", () => {
    expect(formatFact(fact({ id: "f", type: "CLOSE_TO", object: "Alice", attributes: attrs({ basis: "siblings" }), confidence: 0.7 }))).toBe("Charlie is close to Alice (basis: siblings, confidence 0.7)");
    expect(formatFact(fact({ id: "f", type: "CARES_ABOUT", object: "climate", attributes: attrs({ sentiment: "positive" }), confidence: 0.7 }))).toBe("Charlie cares about climate (sentiment: positive, confidence 0.7)");
  });

  it("writes an unknown relation type in words, lower-cased", () => {
    expect(formatFact(fact({ id: "f", type: "MENTORED_BY", object: "Alice" }))).toBe("Charlie mentored by Alice (confidence 0.9)");
  });

  it("rounds confidence to two decimals and lists every piece of evidence", () => {
    expect(formatFact(fact({ id: "f", confidence: 0.8567, evidence: ["m1", "m2"] }))).toBe("Charlie works at Google (confidence 0.86, evidence m1, m2)");
    expect(formatFact(fact({ id: "f", confidence: 1 }))).toBe("Charlie works at Google (confidence 1)");
  });
});

describe("shortDate", () => {
  it.each([
    ["2019", "2019"],
    ["2019-03", "2019-03"],
    ["2019-03-14", "2019-03-14"],
    ["2019-03-14T10:30:00.000Z", "2019-03-14"],
    ["spring 2019", "spring 2019"],
  ])("writes %j as %j", (value, expected) => {
    expect(shortDate(value)).toBe(expected);
  });

  it.each([null, undefined, ""])("has no date for %j", (value) => {
    expect(shortDate(value)).toBeNull();
  });
});
