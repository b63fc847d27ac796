/**
 * The game agent's keyword extraction from the vision model's analysis text: where
 * the player is, and whether a battle is on. Pure and replaceable (recordTurn
 * takes any `TurnExtractors`). Keywords match at the start of a word, so "hp"
 * does not fire on "shop" nor "town" on "downtown" (the seed's substring test did).
 */

/** The game agent's location keywords, in the seed's order: the first that appears wins. */
export const LOCATION_KEYWORDS = [
  "route", "forest", "cave", "city", "town", "center", "gym",
  "viridian", "pewter", "cerulean", "vermillion", "lavender",
  "celadon", "fuchsia", "saffron", "cinnabar", "pallet",
] as const;

/** The game agent's battle keywords. */
export const BATTLE_KEYWORDS = ["battle", "pokemon", "hp", "attack", "wild", "appeared", "fight"] as const;

export const UNKNOWN_LOCATION = "unknown";

export interface ExtractedBattle {
  inBattle: boolean;
  battleType: "WILD" | "TRAINER" | null;
  battlePhase: string | null;
}

/** How a turn's location and battle context are read from its analysis when the client gives none. */
export interface TurnExtractors {
  location(analysis: string): string;
  battle(analysis: string): ExtractedBattle;
}

/** "Pokémon" is written both ways; accents are dropped before matching. */
const normalise = (text: string) => text.normalize("NFD").replace(/\p{M}/gu, "").toLowerCase();

function hasWord(text: string, keyword: string): boolean {
  return new RegExp(`(?<![a-z0-9])${keyword}`, "u").test(text);
}

/** The first of LOCATION_KEYWORDS found in the text, title-cased (`Route`), else `unknown`. */
export function extractLocation(analysis: string): string {
  const text = normalise(analysis);
  const found = LOCATION_KEYWORDS.find((k) => hasWord(text, k));
  return found ? found.charAt(0).toUpperCase() + found.slice(1) : UNKNOWN_LOCATION;
}

/** In battle when any of BATTLE_KEYWORDS appears: wild when "wild" does, else trainer; the phase is unknown. */
export function extractBattle(analysis: string): ExtractedBattle {
  const text = normalise(analysis);
  if (!BATTLE_KEYWORDS.some((k) => hasWord(text, k))) return { inBattle: false, battleType: null, battlePhase: null };
  return { inBattle: true, battleType: hasWord(text, "wild") ? "WILD" : "TRAINER", battlePhase: "unknown" };
}

export const KEYWORD_EXTRACTORS: TurnExtractors = { location: extractLocation, battle: extractBattle };
