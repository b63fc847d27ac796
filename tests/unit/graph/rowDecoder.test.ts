import neo4j from "neo4j-driver";
import { describe, expect, it } from "vitest";
import { mapRow, rowOf } from "../../../src/graph/row.js";
import { RowShapeError } from "../../../src/graph/statement.js";

const record = (fields: Record<string, unknown>) => ({
  get: (key: string) => {
    if (!(key in fields)) throw new Error(`no field ${key}`);
    return fields[key];
  },
  toObject: () => fields,
});

describe("the executor's row decoder", () => {
  it("reads each field as the type its statement declared, Integers as numbers", () => {
    const row = rowOf(record({ id: "m1", n: neo4j.int(7), score: 0.5, tags: ["a"], vector: [0.1, 0.2], props: { content: "x" }, flag: true, none: null }));
    expect(row.string("id")).toBe("m1");
    expect(row.number("n")).toBe(7);
    expect(row.number("score")).toBe(0.5);
    expect(row.strings("tags")).toEqual(["a"]);
    expect(row.numbersOrNull("vector")).toEqual([0.1, 0.2]);
    expect(row.map("props").content).toBe("x");
    expect(row.boolean("flag")).toBe(true);
    expect(row.stringOrNull("none")).toBeNull();
    expect(row.numberOrNull("none")).toBeNull();
    expect(row.numbersOrNull("none")).toBeNull();
    expect(row.rowOrNull("none")).toBeNull();
    expect(row.boolean("none")).toBe(false);
  });

  it("refuses a field that is not what the statement declared, naming the field", () => {
    const row = rowOf(record({ id: 3, n: "7", tags: ["a", 1], vector: ["x"], props: [1], flag: "yes", missing: null }));
    expect(() => row.string("id")).toThrow(RowShapeError);
    expect(() => row.string("id")).toThrow(/"id" should be a string, got number/);
    expect(() => row.number("n")).toThrow(RowShapeError);
    expect(() => row.strings("tags")).toThrow(RowShapeError);
    expect(() => row.numbersOrNull("vector")).toThrow(RowShapeError);
    expect(() => row.map("props")).toThrow(RowShapeError);
    expect(() => row.map("n")).toThrow(RowShapeError);
    expect(() => row.boolean("flag")).toThrow(RowShapeError);
    expect(() => row.string("missing")).toThrow(/got null/);
  });

  it("reads a string of a closed set, and refuses one outside it", () => {
    const row = rowOf(record({ outcome: "SAME", other: "DROP TABLE" }));
    expect(row.oneOf("outcome", ["CREATE", "SAME"] as const)).toBe("SAME");
    expect(() => row.oneOf("other", ["CREATE", "SAME"] as const)).toThrow(/one of CREATE, SAME/);
  });

  it("reads a list of maps (a collect of projections), null as none, and refuses a list holding anything else", () => {
    const row = rowOf(record({ turns: [{ number: 1 }, { number: 2 }], none: null, mixed: [{ number: 1 }, "two"], ints: [neo4j.int(1)] }));
    expect(row.rows("turns").map((t) => t.number("number"))).toEqual([1, 2]);
    expect(row.rows("none")).toEqual([]);
    expect(() => row.rows("mixed")).toThrow(/"mixed" should be a list of maps/);
    expect(() => row.rows("ints")).toThrow(RowShapeError);
  });

  it("reads a nested map, and a list of them, with the same checks, naming the nested field", () => {
    const row = rowOf(record({ session: { id: "s1", turns: neo4j.int(3) }, turns: [{ number: neo4j.int(1) }, { number: 2 }], none: null, bad: [{ number: "one" }] }));
    expect(row.row("session").string("id")).toBe("s1");
    expect(row.row("session").number("turns")).toBe(3);
    expect(row.row("session").stringOrNull("absent")).toBeNull();
    expect(row.rows("turns").map((t) => t.number("number"))).toEqual([1, 2]);
    expect(row.rows("none")).toEqual([]);
    expect(row.rowOrNull("none")).toBeNull();
    expect(() => row.row("none")).toThrow(/"none" should be a map, got null/);
    expect(() => row.row("turns")).toThrow(RowShapeError);
    expect(() => row.rows("bad")[0]!.number("number")).toThrow(/"number" should be a number, got string/);
    expect(mapRow({ id: "m1" }).string("id")).toBe("m1");
  });

  it("reads lists that may be unset as empty, and lists of a closed set, refusing anything else", () => {
    const row = rowOf(record({ tags: ["a"], none: null, buttons: ["UP", "A"], odd: ["UP", "JUMP"], mixed: ["a", 1], kind: "WILD" }));
    expect(row.stringsOrEmpty("tags")).toEqual(["a"]);
    expect(row.stringsOrEmpty("none")).toEqual([]);
    expect(() => row.stringsOrEmpty("mixed")).toThrow(RowShapeError);
    expect(row.someOf("buttons", ["UP", "DOWN", "A"] as const)).toEqual(["UP", "A"]);
    expect(row.someOf("none", ["UP"] as const)).toEqual([]);
    expect(() => row.someOf("odd", ["UP", "A"] as const)).toThrow(/"odd" should be a list of UP, A/);
    expect(row.oneOfOrNull("kind", ["WILD", "TRAINER"] as const)).toBe("WILD");
    expect(row.oneOfOrNull("none", ["WILD", "TRAINER"] as const)).toBeNull();
    expect(() => row.oneOfOrNull("tags", ["WILD"] as const)).toThrow(RowShapeError);
  });

  it("does not read a driver Integer as a map", () => {
    expect(() => rowOf(record({ n: neo4j.int(1) })).map("n")).toThrow(RowShapeError);
  });
});
