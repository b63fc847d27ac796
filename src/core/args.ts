import { BadUserInputError } from "../errors/errors.js";

/**
 * Argument checks for hand-written tools. Each throws BAD_USER_INPUT naming the
 * argument (`personProfile.limit`) and the rule it broke, and returns the
 * value normalised (trimmed text, default applied). Pure.
 */

/** Longest free text a tool takes (a name, a skill, a query). */
export const MAX_TEXT = 500;
export const MAX_LIMIT = 100;

export function text(field: string, value: unknown, max = MAX_TEXT): string {
  if (typeof value !== "string" || value.trim().length === 0) throw new BadUserInputError(`${field} must not be empty`, field);
  if (value.length > max) throw new BadUserInputError(`${field} is at most ${max} characters long, got ${value.length}`, field);
  return value.trim();
}

export function optionalText(field: string, value: unknown, max = MAX_TEXT): string | null {
  return value === null || value === undefined ? null : text(field, value, max);
}

export function limit(field: string, value: unknown, fallback: number, max = MAX_LIMIT): number {
  if (value === null || value === undefined) return fallback;
  if (typeof value !== "number" || !Number.isInteger(value) || value < 1 || value > max) {
    throw new BadUserInputError(`${field} must be an integer between 1 and ${max}, got ${String(value)}`, field);
  }
  return value;
}

/** A number in [min, max]: confidence, similarity, weight. */
export function between(field: string, value: unknown, min: number, max: number, fallback?: number): number {
  if ((value === null || value === undefined) && fallback !== undefined) return fallback;
  if (typeof value !== "number" || !Number.isFinite(value) || value < min || value > max) {
    throw new BadUserInputError(`${field} must be between ${min} and ${max}, got ${String(value)}`, field);
  }
  return value;
}

export const unit = (field: string, value: unknown, fallback?: number) => between(field, value, 0, 1, fallback);

/** A list of at most `max` items, each checked by `item`; null/undefined gives `fallback`. */
export function list<T>(field: string, value: unknown, max: number, item: (field: string, v: unknown) => T, fallback: T[] | null = null): T[] | null {
  if (value === null || value === undefined) return fallback;
  if (!Array.isArray(value)) throw new BadUserInputError(`${field} must be a list`, field);
  if (value.length > max) throw new BadUserInputError(`${field} has at most ${max} items, got ${value.length}`, field);
  return value.map((v, i) => item(`${field}[${i}]`, v));
}

/** One of a closed set of names (relation types), compared upper-cased. */
export function oneOf(field: string, value: unknown, allowed: readonly string[]): string {
  const name = text(field, value, 100).toUpperCase();
  if (!allowed.includes(name)) throw new BadUserInputError(`${field} must be one of ${allowed.join(", ")}, got "${name}"`, field);
  return name;
}

/** An ISO-8601 instant, as an ISO string in UTC. */
export function instant(field: string, value: unknown): string | null {
  if (value === null || value === undefined) return null;
  const t = typeof value === "string" ? Date.parse(value) : NaN;
  if (Number.isNaN(t)) throw new BadUserInputError(`${field} must be an ISO-8601 date-time`, field);
  return new Date(t).toISOString();
}
