/**
 * Common abbreviations of places, lower-cased: what people type ("SF") and the
 * name a Place node most likely has. Place aliases in the graph come first;
 * this table covers places whose node has none.
 */
const ABBREVIATIONS: ReadonlyMap<string, readonly string[]> = new Map(Object.entries({
  sf: ["san francisco"],
  sfo: ["san francisco"],
  "san fran": ["san francisco"],
  nyc: ["new york", "new york city"],
  ny: ["new york", "new york city"],
  la: ["los angeles"],
  dc: ["washington", "washington, d.c.", "washington dc"],
  sj: ["san jose"],
  mtv: ["mountain view"],
  sea: ["seattle"],
  atx: ["austin"],
  chi: ["chicago"],
  philly: ["philadelphia"],
  vegas: ["las vegas"],
  uk: ["united kingdom"],
  us: ["united states"],
  usa: ["united states"],
  uae: ["united arab emirates"],
  ldn: ["london"],
  bcn: ["barcelona"],
  ber: ["berlin"],
  hk: ["hong kong"],
  "bay area": ["san francisco bay area"],
}));

/**
 * The names to look for: the input, lower-cased and trimmed, and its known expansions. Pure. A Map, not an
 * object's keys: "constructor" or "__proto__" would otherwise find Object.prototype's members.
 */
export function placeNames(location: string): string[] {
  const key = location.trim().toLowerCase().replace(/\.$/, "").replace(/\./g, "");
  return [...new Set([location.trim().toLowerCase(), key, ...(ABBREVIATIONS.get(key) ?? [])])];
}
