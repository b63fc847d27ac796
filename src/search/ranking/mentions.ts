/** Words of a text, lower-cased, letters and digits only (Unicode-aware). */
const words = (text: string) => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/**
 * Does the query name one of these participants? A participant matches when
 * all its words appear in the query in order ("Caroline", "Mel Smith"), so
 * "Al" does not match "Alice". Pure.
 */
export function mentionsParticipant(query: string, participants: readonly string[] | null | undefined): boolean {
  if (!participants?.length) return false;
  const q = ` ${words(query).join(" ")} `;
  return participants.some((p) => {
    const name = words(p).join(" ");
    return name.length > 0 && q.includes(` ${name} `);
  });
}
