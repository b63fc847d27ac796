import { createHash } from "node:crypto";
import type { FactAttributes } from "./factTypes.js";

/** What a fact's text is made of: who, which relation, what, and its attributes. */
export interface FactTextInput {
  personName: string;
  type: string;
  objectName: string;
  attributes: Partial<FactAttributes>;
}

/** Attribute names as the chatbot memory service writes them (`start_date=2022-01`). */
const LABELS: [keyof FactAttributes, string][] = [
  ["role", "role"],
  ["location", "location"],
  ["startDate", "start_date"],
  ["endDate", "end_date"],
  ["proficiency", "proficiency"],
  ["yearsExperience", "years_experience"],
  ["sentiment", "sentiment"],
  ["basis", "basis"],
  ["weight", "weight"],
];

const scalar = (v: unknown) => (typeof v === "string" || typeof v === "number" || typeof v === "boolean" ? String(v) : JSON.stringify(v));

/**
 * The text a fact is embedded from, in the chatbot memory service's format:
 * `Alice WORKS_AT Google. role=Software Engineer, location=San Francisco`.
 * Attributes that are not set are left out; `extra` keys follow in key order. Pure.
 */
export function factText({ personName, type, objectName, attributes }: FactTextInput): string {
  const parts = LABELS.filter(([k]) => attributes[k] !== null && attributes[k] !== undefined && attributes[k] !== "").map(
    ([k, label]) => `${label}=${scalar(attributes[k])}`,
  );
  const extra = attributes.extra ?? {};
  for (const key of Object.keys(extra).sort()) parts.push(`${key}=${scalar(extra[key])}`);
  return `${personName} ${type} ${objectName}.${parts.length ? ` ${parts.join(", ")}` : ""}`;
}

/** Identifies the text a vector was made from, and by which model: a changed text or model means a stale vector. */
export function factEmbeddingKey(model: string, text: string): string {
  return `${model}:${createHash("sha256").update(text).digest("hex").slice(0, 32)}`;
}
