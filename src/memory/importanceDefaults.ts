/**
 * A memory's importance when its writer chose none, by type: the Discord
 * squad's note ("Memory Types": observation 0.5, learning 0.7-0.8, insight 0.9,
 * interaction 0.6; issue #19). LEARNING takes the middle of its range. Every
 * path that creates memories (the generated createMemories and its nested
 * creates, recordMemories, recordInteraction) reads this one table.
 */
export const DEFAULT_IMPORTANCE = {
  OBSERVATION: 0.5,
  LEARNING: 0.75,
  INSIGHT: 0.9,
  INTERACTION: 0.6,
} as const satisfies Readonly<Record<string, number>>;

export type MemoryTypeName = keyof typeof DEFAULT_IMPORTANCE;

/**
 * The importance to store: the writer's own choice kept exactly, else the
 * type's default (null counts as no choice). A type outside the table (the
 * schema's enum forbids one) gets OBSERVATION's, the plainest kind. Pure.
 */
export function importanceOf(type: string, given: number | null | undefined): number {
  if (given != null) return given;
  return (DEFAULT_IMPORTANCE as Readonly<Record<string, number>>)[type] ?? DEFAULT_IMPORTANCE.OBSERVATION;
}

/** The table as one line for schema descriptions and docs: `OBSERVATION 0.5, LEARNING 0.75, …`. */
export function describeImportanceDefaults(): string {
  return Object.entries(DEFAULT_IMPORTANCE).map(([type, value]) => `${type} ${value}`).join(", ");
}
