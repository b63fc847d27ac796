import { GraphQLError, GraphQLScalarType, Kind, type ValueNode } from "graphql";

/**
 * The ISO 8601 forms Neo4j's `datetime()` reads: a calendar date, optionally a
 * time (minutes, seconds, up to nine fraction digits), an offset and a zone
 * name. Everything @neo4j/graphql's own DateTime scalar lets through to the
 * database beyond that (`2024-13-45T99:99:99Z`, `"1"`) failed there as an
 * internal error; here it is the client's error, naming the rule.
 */
const DATE_TIME =
  /^([+-]\d{4,9}|\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,9})?)?)?(Z|[+-]\d{2}(?::?\d{2})?)?(?:\[([A-Za-z0-9_+\-/]{1,64})\])?$/;

const daysIn = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

function validZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat("en", { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** "+01" / "+0100" / "+01:00" / "Z" as "+01:00" / "+00:00". */
function normalOffset(offset: string): string {
  if (offset === "Z") return "+00:00";
  const digits = offset.slice(1).replace(":", "").padEnd(4, "0");
  return `${offset[0]}${digits.slice(0, 2)}:${digits.slice(2)}`;
}

/** The zone's UTC offset at an instant, as "+02:00". */
function zoneOffsetAt(zone: string, instant: number): string {
  const name = new Intl.DateTimeFormat("en-US", { timeZone: zone, timeZoneName: "longOffset" }).formatToParts(instant).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  return name === "GMT" ? "+00:00" : name.slice(3);
}

/** Why `text` is not a DateTime Neo4j can store, or null when it is one. Pure. */
export function dateTimeProblem(text: string): string | null {
  const m = DATE_TIME.exec(text);
  if (!m) return "must be an ISO 8601 date-time such as 2024-05-01T09:30:00Z (a date, optionally a time, an offset and a [zone])";
  const [, y, mo, d, h, mi, s, offset, zone] = m;
  const year = Number(y);
  const month = Number(mo);
  if (month < 1 || month > 12) return `has month ${mo}: months are 01–12`;
  const days = daysIn(year, month);
  if (Number(d) < 1 || Number(d) > days) return `has day ${d}: ${y}-${mo} has days 01–${days}`;
  if (h !== undefined && Number(h) > 23) return `has hour ${h}: hours are 00–23`;
  if (mi !== undefined && Number(mi) > 59) return `has minute ${mi}: minutes are 00–59`;
  if (s !== undefined && Number(s) > 59) return `has second ${s}: seconds are 00–59`;
  if (offset && offset !== "Z") {
    const [oh, om] = [Number(offset.slice(1, 3)), Number(offset.replace(":", "").slice(3) || "0")];
    if (om > 59 || oh * 60 + om > 18 * 60) return `has offset ${offset}: offsets are within ±18:00`;
  }
  if (zone && !validZone(zone)) return `names the unknown time zone ${zone}`;
  if (zone && offset && /^\d{4}$/.test(y!)) {
    const instant = Date.parse(`${y}-${mo}-${d}T${h ?? "00"}:${mi ?? "00"}:${s ?? "00"}${normalOffset(offset)}`);
    const expected = zoneOffsetAt(zone, instant);
    if (expected !== normalOffset(offset)) return `has offset ${offset} where ${zone} was at ${expected}: give one of them, or both agreeing`;
  }
  return null;
}

function checked(value: string, literal?: ValueNode): string {
  const problem = dateTimeProblem(value);
  if (problem) throw new GraphQLError(`DateTime ${JSON.stringify(value.slice(0, 64))} ${problem}`, { nodes: literal, extensions: { code: "BAD_USER_INPUT" } });
  return value;
}

/**
 * @neo4j/graphql's DateTime with input checked before it reaches Cypher;
 * output (serialize) is the library's own. Literals and variables alike.
 */
export function strictDateTime(base: GraphQLScalarType): GraphQLScalarType {
  const config = base.toConfig();
  return new GraphQLScalarType({
    ...config,
    parseValue: (value) => (typeof value === "string" ? checked(value) : config.parseValue!(value)),
    parseLiteral: (ast: ValueNode, variables) =>
      ast.kind === Kind.STRING ? checked(ast.value, ast) : config.parseLiteral!(ast, variables),
  });
}
