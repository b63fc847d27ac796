/**
 * What an agent may correct or forget, by node type: the property holding the
 * content, and the one holding a title derived from its first line (memoryStore
 * fills both from `content`). A closed set: only these labels ever enter Cypher.
 */
export interface ForgettableType {
  content: string;
  title?: { property: string; max: number };
  /** A Message records what someone said: it can be forgotten, not corrected. */
  correctable: boolean;
}

export const FORGETTABLE: Readonly<Record<string, ForgettableType>> = {
  Memory: { content: "content", correctable: true },
  Message: { content: "content", correctable: false },
  Belief: { content: "content", correctable: true },
  Insight: { content: "insight", correctable: true },
  Experience: { content: "description", correctable: true },
  Research: { content: "findings", title: { property: "topic", max: 500 }, correctable: true },
  Concept: { content: "description", title: { property: "name", max: 300 }, correctable: true },
  Content: { content: "body", title: { property: "title", max: 500 }, correctable: true },
  Analysis: { content: "findings", title: { property: "title", max: 500 }, correctable: true },
  Documentation: { content: "content", title: { property: "title", max: 500 }, correctable: true },
};

export const FORGETTABLE_LABELS: readonly string[] = Object.keys(FORGETTABLE);

const SAFE_LABEL = /^[A-Z][A-Za-z0-9]*$/;

/** Throws unless `label` is one of the forgettable types: the guard before a label is written into Cypher. */
export function forgettableLabel(label: string): string {
  if (!(label in FORGETTABLE) || !SAFE_LABEL.test(label)) throw new Error(`"${label}" is not a forgettable type`);
  return label;
}
