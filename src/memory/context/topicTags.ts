/**
 * Conversation words that mean one of the agent squad's topic tags, so a talk
 * about "implement a function" finds memories tagged `code` although neither
 * word is the tag. Lower-case; a word may point at several tags. Data, kept
 * small and explicit: a tag's own name always counts as its word.
 */
export const TOPIC_TAGS: Readonly<Record<string, readonly string[]>> = {
  code: ["coding", "implement", "implementing", "implementation", "function", "functions", "bug", "bugs", "debug", "debugging", "refactor", "compile", "programming", "program", "script", "library", "api", "typescript", "javascript", "python", "rust", "repository", "repo", "commit", "merge", "tests", "unit"],
  research: ["research", "study", "paper", "papers", "investigate", "investigation", "survey", "literature", "findings", "sources", "source", "evidence"],
  security: ["vulnerability", "vulnerabilities", "exploit", "audit", "cve", "attack", "threat", "threats", "password", "passwords", "encryption", "authentication", "authorization", "secrets"],
  writing: ["write", "writing", "draft", "article", "blog", "post", "copy", "edit", "editing", "documentation", "docs", "content"],
  analysis: ["analyze", "analyse", "analysis", "metrics", "data", "statistics", "trend", "trends", "dashboard", "benchmark", "benchmarks"],
  operations: ["deploy", "deployment", "deploying", "ops", "infrastructure", "server", "servers", "monitoring", "outage", "incident", "uptime", "kubernetes", "docker", "release"],
  performance: ["performance", "latency", "throughput", "slow", "faster", "bottleneck", "optimize", "optimise", "cache", "caching"],
  planning: ["plan", "planning", "roadmap", "strategy", "priority", "priorities", "schedule", "milestone", "milestones", "deadline"],
};

const TAGS_BY_WORD: ReadonlyMap<string, readonly string[]> = (() => {
  const map = new Map<string, string[]>();
  for (const [tag, words] of Object.entries(TOPIC_TAGS)) {
    for (const word of [tag, ...words]) map.set(word, [...(map.get(word) ?? []), tag]);
  }
  return map;
})();

/** The topic tags a conversation's words point at, in the order first met. Pure. */
export function tagsForWords(words: readonly string[]): string[] {
  return [...new Set(words.flatMap((w) => TAGS_BY_WORD.get(w) ?? []))];
}
