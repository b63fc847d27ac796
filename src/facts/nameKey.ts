/**
 * How an object's name is compared when no name, real name or alias matches
 * it exactly (case aside): lower-cased, a company form at the end dropped
 * ("Shopify Inc." is Shopify), and everything but letters and digits removed
 * ("Hugging-Face" is Hugging Face). The same two patterns run in Cypher
 * (apoc.text.replace, Java regexes) and here, so both sides make one key.
 */
export const COMPANY_FORM = "[\\s,.]+(inc|llc|ltd|gmbh|corp|corporation|co|plc|ag|sa|limited|company)\\.?$";
export const NOT_LETTER_OR_DIGIT = "[^\\p{L}\\p{N}]+";

const companyForm = new RegExp(COMPANY_FORM, "u");
const notLetterOrDigit = new RegExp(NOT_LETTER_OR_DIGIT, "gu");

/** The comparison key of a name. Pure. */
export function nameKey(name: string): string {
  return name.toLowerCase().replace(companyForm, "").replace(notLetterOrDigit, "");
}

/** The same key over a Cypher expression, with `$companyForm` and `$notLetterOrDigit` passed as parameters. */
export const nameKeyCypher = (expr: string) => `apoc.text.replace(apoc.text.replace(toLower(${expr}), $companyForm, ''), $notLetterOrDigit, '')`;

export const nameKeyParams = { companyForm: COMPANY_FORM, notLetterOrDigit: NOT_LETTER_OR_DIGIT };
