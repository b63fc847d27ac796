import type { Row } from "../graph/statement.js";
import { factInterval, isCurrent } from "./factInterval.js";
import { factCurrentAt } from "./factIntervalCypher.js";
import type { FactAttributes } from "./factTypes.js";

/**
 * The row every fact query returns for a fact `(p:Person)-[r]->(o)`, as a
 * Cypher map: the same shape for the tools, the timeline and assertFacts.
 */
export const FACT_ROW = `{
  id: coalesce(r.factId, elementId(r)), elementId: elementId(r), type: type(r),
  personId: p.id, personName: p.name, personKey: elementId(p),
  object: o.name, objectId: o.id, objectKey: elementId(o), objectLabel: head(labels(o)),
  role: r.role, location: r.location, startDate: r.startDate, endDate: r.endDate, proficiency: r.proficiency,
  yearsExperience: r.yearsExperience, sentiment: r.sentiment, basis: r.basis, weight: r.weight, extra: r.attributes,
  confidence: coalesce(r.confidence, 0.0), evidence: coalesce(r.evidence, []),
  validFrom: toString(r.validFrom), validUntil: toString(r.validUntil), createdAt: toString(r.createdAt),
  contradicts: coalesce(r.contradicts, []), hasFactId: r.factId IS NOT NULL,
  source: r.source, retractedAt: toString(r.retractedAt), retractedBy: r.retractedBy, retractReason: r.retractReason
}`;

/** A fact row as Cypher returns it (FACT_ROW), read by factRowOf. */
export interface FactRow extends Omit<FactAttributes, "extra"> {
  id: string;
  elementId: string;
  type: string;
  personId: string;
  personName: string;
  personKey: string;
  object: string;
  objectId: string;
  objectKey: string;
  objectLabel: string;
  /** Further attributes as stored: the JSON text of `r.attributes` (FactAttributes.extra parsed). */
  extra: string | null;
  confidence: number;
  evidence: string[];
  validFrom: string | null;
  validUntil: string | null;
  createdAt: string | null;
  contradicts: string[];
  hasFactId: boolean;
  source: string | null;
  retractedAt: string | null;
  retractedBy: string | null;
  retractReason: string | null;
}

/** FACT_ROW read with the checked accessors: every fact query decodes its rows here. */
export function factRowOf(r: Row): FactRow {
  return {
    id: r.string("id"),
    elementId: r.string("elementId"),
    type: r.string("type"),
    personId: r.string("personId"),
    personName: r.stringOrNull("personName") ?? r.string("personId"),
    personKey: r.string("personKey"),
    object: r.stringOrNull("object") ?? "",
    objectId: r.stringOrNull("objectId") ?? "",
    objectKey: r.string("objectKey"),
    objectLabel: r.string("objectLabel"),
    role: r.stringOrNull("role"),
    location: r.stringOrNull("location"),
    startDate: r.stringOrNull("startDate"),
    endDate: r.stringOrNull("endDate"),
    proficiency: r.stringOrNull("proficiency"),
    yearsExperience: r.numberOrNull("yearsExperience"),
    sentiment: r.stringOrNull("sentiment"),
    basis: r.stringOrNull("basis"),
    weight: r.numberOrNull("weight"),
    extra: r.stringOrNull("extra"),
    confidence: r.number("confidence"),
    evidence: r.stringsOrEmpty("evidence"),
    validFrom: r.stringOrNull("validFrom"),
    validUntil: r.stringOrNull("validUntil"),
    createdAt: r.stringOrNull("createdAt"),
    contradicts: r.stringsOrEmpty("contradicts"),
    hasFactId: r.boolean("hasFactId"),
    source: r.stringOrNull("source"),
    retractedAt: r.stringOrNull("retractedAt"),
    retractedBy: r.stringOrNull("retractedBy"),
    retractReason: r.stringOrNull("retractReason"),
  };
}

/** A fact as the API returns it (`FactRecord`). */
export interface FactRecord {
  id: string;
  type: string;
  personId: string;
  personName: string;
  object: string;
  objectId: string;
  objectLabel: string;
  attributes: Omit<FactAttributes, "extra"> & { extra: string | null };
  confidence: number;
  evidence: string[];
  validFrom: string | null;
  validUntil: string | null;
  start: string | null;
  end: string | null;
  current: boolean;
  contradicts: string[];
  timestamp: string | null;
  source: string | null;
  retraction: { reason: string; at: string; by: string | null } | null;
}

/** The structured attributes of a row, `extra` parsed (a malformed stored text counts as none). */
export function rowAttributes(row: FactRow): FactAttributes {
  let extra: Record<string, unknown> | null = null;
  if (row.extra) {
    try {
      const parsed: unknown = JSON.parse(row.extra);
      if (parsed && typeof parsed === "object" && !Array.isArray(parsed)) extra = parsed as Record<string, unknown>;
    } catch {
      extra = null;
    }
  }
  return {
    role: row.role, location: row.location, startDate: row.startDate, endDate: row.endDate, proficiency: row.proficiency,
    yearsExperience: row.yearsExperience, sentiment: row.sentiment, basis: row.basis, weight: row.weight, extra,
  };
}

/** Maps a row to the API's FactRecord; `now` decides `current`. Pure. */
export function toFactRecord(row: FactRow, now: Date): FactRecord {
  const { from, until } = factInterval(row);
  return {
    id: row.id,
    type: row.type,
    personId: row.personId,
    personName: row.personName,
    object: row.object,
    objectId: row.objectId,
    objectLabel: row.objectLabel,
    attributes: { ...rowAttributes(row), extra: row.extra },
    confidence: row.confidence,
    evidence: row.evidence,
    validFrom: row.validFrom,
    validUntil: row.validUntil,
    start: row.validFrom ?? row.startDate ?? (from === null ? null : new Date(from).toISOString()),
    end: row.validUntil ?? row.endDate ?? (until === null || row.type === "PREVIOUSLY" ? null : new Date(until).toISOString()),
    current: isCurrent(row, now),
    contradicts: row.contradicts,
    timestamp: row.createdAt,
    source: row.source ?? null,
    retraction: row.retractedAt ? { reason: row.retractReason ?? "", at: row.retractedAt, by: row.retractedBy ?? null } : null,
  };
}

/**
 * A fact relationship `r` as the SDL's `PersonFact` (schema/people.graphql),
 * the map the @cypher fields of Person return: the relationship's own
 * properties, who it is about and what it points at. Nothing derived: what
 * `current` or a fact's start means is FactRecord's, computed in TypeScript.
 */
export const PERSON_FACT_MAP = `{
  id: coalesce(r.factId, elementId(r)), type: type(r),
  subjectId: startNode(r).id, subjectName: startNode(r).name,
  objectId: endNode(r).id, objectName: endNode(r).name, objectLabel: head(labels(endNode(r))),
  confidence: coalesce(r.confidence, 0.0), evidence: coalesce(r.evidence, []),
  role: r.role, location: r.location, startDate: r.startDate, endDate: r.endDate, proficiency: r.proficiency,
  yearsExperience: r.yearsExperience, sentiment: r.sentiment, basis: r.basis, weight: r.weight, attributes: r.attributes,
  validFrom: r.validFrom, validUntil: r.validUntil, createdAt: r.createdAt,
  contradicts: coalesce(r.contradicts, []),
  source: r.source, retractedAt: r.retractedAt, retractReason: r.retractReason
}`;

/**
 * A fact relationship as the API's FactRecord, in Cypher: what toFactRecord
 * makes of FACT_ROW, for the @cypher fields that return facts (the people
 * tools of schema/people-tools.graphql, written in as `factRecord(r, $now)`).
 * The person is the relationship's start, the object its end; `nowMs` (epoch
 * ms) decides `current`. Numbers come as floats: the driver gives a stored
 * INTEGER as an Integer object that GraphQL's Int and Float cannot serialize,
 * and a whole float is an Int to GraphQL. `extra` is the stored JSON text, as
 * toFactRecord gives it. tests/integration/tools/personToolFields.test.ts
 * holds it to toFactRecord.
 */
export const factRecordMap = (r: string, nowMs: string) => `{
  id: coalesce(${r}.factId, elementId(${r})), type: type(${r}),
  personId: startNode(${r}).id, personName: coalesce(startNode(${r}).name, startNode(${r}).id),
  object: coalesce(endNode(${r}).name, ''), objectId: coalesce(endNode(${r}).id, ''), objectLabel: head(labels(endNode(${r}))),
  attributes: {
    role: ${r}.role, location: ${r}.location, startDate: ${r}.startDate, endDate: ${r}.endDate, proficiency: ${r}.proficiency,
    yearsExperience: toFloat(${r}.yearsExperience), sentiment: ${r}.sentiment, basis: ${r}.basis, weight: toFloat(${r}.weight), extra: ${r}.attributes
  },
  confidence: toFloat(coalesce(${r}.confidence, 0.0)), evidence: coalesce(${r}.evidence, []),
  validFrom: toString(${r}.validFrom), validUntil: toString(${r}.validUntil),
  start: coalesce(toString(${r}.validFrom), ${r}.startDate), end: coalesce(toString(${r}.validUntil), ${r}.endDate),
  current: ${factCurrentAt(nowMs, r)},
  contradicts: coalesce(${r}.contradicts, []), timestamp: toString(${r}.createdAt), source: ${r}.source,
  retraction: CASE WHEN ${r}.retractedAt IS NULL THEN null ELSE {reason: coalesce(${r}.retractReason, ''), at: toString(${r}.retractedAt), by: ${r}.retractedBy} END
}`;
