import nlp from "compromise";
import { PLACE_ABBREVIATIONS } from "./patterns/spoken.js";

const ABBREVIATION = new RegExp(`\\b(${Object.keys(PLACE_ABBREVIATIONS).join("|")})\\b`);

/** Whether compromise knows a name as a place (a city, country or region). */
export function isPlace(name: string): boolean {
  return ABBREVIATION.test(name) || nlp(name).has("#Place");
}

/**
 * The one place a text names, for "living here": a known abbreviation
 * ("NYC") or the places compromise recognises. None when it names two or
 * more different places: "here" is then ambiguous and nothing is written.
 */
export function placeNamed(text: string): string | undefined {
  const found = new Set<string>();
  for (const m of text.matchAll(new RegExp(ABBREVIATION, "g"))) found.add(PLACE_ABBREVIATIONS[m[1]!]!);
  for (const place of nlp(text).places().out("array") as string[]) {
    const name = place.replace(/[.,!?;:]+$/, "").trim();
    if (/^[\p{Lu}]/u.test(name) && !ABBREVIATION.test(name)) found.add(name);
  }
  return found.size === 1 ? [...found][0] : undefined;
}
