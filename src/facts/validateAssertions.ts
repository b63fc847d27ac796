import { BadUserInputError } from "../errors/errors.js";
import { between, instant, list, oneOf, optionalText, text } from "../core/args.js";
import { emptyAttributes, type FactAttributes, type FactBody } from "./factTypes.js";
import { MAX_EVIDENCE } from "./mergeFacts.js";

/** Most assertions one call of assertFacts takes. */
export const MAX_ASSERTIONS = 100;

/** One assertion as the client sent it (`FactAssertionInput`). */
export interface FactAssertionArgs {
  subject?: unknown;
  relation?: unknown;
  object?: unknown;
  attributes?: Record<string, unknown> | null;
  confidence?: unknown;
  evidence?: unknown;
  validFrom?: unknown;
  validUntil?: unknown;
}

/** An assertion whose values passed every rule; subject and object still to be found. */
export interface ValidAssertion extends FactBody {
  index: number;
  subject: string;
  relation: string;
  object: string;
}

function attributesOf(field: string, raw: Record<string, unknown> | null | undefined): FactAttributes {
  const a = emptyAttributes();
  if (!raw) return a;
  a.role = optionalText(`${field}.role`, raw.role, 200);
  a.location = optionalText(`${field}.location`, raw.location, 200);
  a.startDate = optionalText(`${field}.startDate`, raw.startDate, 40);
  a.endDate = optionalText(`${field}.endDate`, raw.endDate, 40);
  a.proficiency = optionalText(`${field}.proficiency`, raw.proficiency, 100);
  a.sentiment = optionalText(`${field}.sentiment`, raw.sentiment, 100);
  a.basis = optionalText(`${field}.basis`, raw.basis, 500);
  if (raw.yearsExperience !== null && raw.yearsExperience !== undefined) {
    a.yearsExperience = between(`${field}.yearsExperience`, raw.yearsExperience, 0, 100);
  }
  if (raw.weight !== null && raw.weight !== undefined) a.weight = between(`${field}.weight`, raw.weight, 0, 1e9);
  const extra = optionalText(`${field}.extra`, raw.extra, 5000);
  if (extra !== null) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(extra);
    } catch {
      throw new BadUserInputError(`${field}.extra must be a JSON object`, `${field}.extra`);
    }
    if (typeof parsed !== "object" || parsed === null || Array.isArray(parsed)) {
      throw new BadUserInputError(`${field}.extra must be a JSON object`, `${field}.extra`);
    }
    a.extra = parsed as Record<string, unknown>;
  }
  return a;
}

/**
 * Checks every assertion of a call before anything is read or written, and
 * throws BAD_USER_INPUT at the first broken rule, naming it
 * (`assertFacts.facts[2].confidence`). Pure.
 */
export function validateAssertions(raw: unknown, relations: readonly string[]): ValidAssertion[] {
  const field = "assertFacts.facts";
  const items = list(field, raw, MAX_ASSERTIONS, (_f, v) => v as FactAssertionArgs, []) ?? [];
  if (items.length === 0) throw new BadUserInputError(`${field} must hold at least one fact`, field);
  return items.map((f, index) => {
    const at = `${field}[${index}]`;
    const valid: ValidAssertion = {
      index,
      subject: text(`${at}.subject`, f.subject, 128),
      relation: oneOf(`${at}.relation`, f.relation, relations),
      object: text(`${at}.object`, f.object, 200),
      attributes: attributesOf(`${at}.attributes`, f.attributes),
      confidence: between(`${at}.confidence`, f.confidence, 0, 1),
      evidence: list(`${at}.evidence`, f.evidence, MAX_EVIDENCE, (name, v) => text(name, v, 128), []) ?? [],
      validFrom: instant(`${at}.validFrom`, f.validFrom),
      validUntil: instant(`${at}.validUntil`, f.validUntil),
    };
    if (valid.validFrom && valid.validUntil && Date.parse(valid.validFrom) >= Date.parse(valid.validUntil)) {
      throw new BadUserInputError(`${at}.validUntil must be after validFrom`, `${at}.validUntil`);
    }
    return valid;
  });
}
