/** The text embedded for a node: its `@embedded` fields, non-empty ones joined by new lines. */
export function embeddingText(parts: readonly (string | null | undefined)[]): string {
  return parts
    .filter((p): p is string => typeof p === "string" && p.trim().length > 0)
    .join("\n")
    .trim();
}
