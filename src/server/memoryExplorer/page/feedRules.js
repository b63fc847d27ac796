// Which of an agent's subscription rules selected a feed event. FeedEvent does
// not name the rule, so the page matches the agent's rules (read through the
// API) against the event with the feed's own test, written here once more for
// the browser: src/feed/feedRules.ts `ruleMatches` is the rule the server applies;
// keep the two alike (tests/e2e/memoryExplorer.test.ts checks one case end to end).

/** Does one rule select the event (type, domains, confidence, source)? */
export function ruleMatches(rule, event) {
  const anyType = rule.knowledgeTypes.length === 0 || rule.knowledgeTypes.includes("all");
  if (!anyType && !rule.knowledgeTypes.includes(event.nodeType)) return false;
  if (rule.domains.length > 0 && !event.domains.some((d) => rule.domains.includes(d))) return false;
  if ((event.confidence ?? 0) < rule.minConfidence) return false;
  const sources = rule.source.map((a) => a.id);
  if (sources.length > 0 && !sources.includes(event.actorAgentId) && !sources.includes(event.ownerId)) return false;
  return true;
}

/** A rule in a few words: "DIRECT · Research in ml ≥ 0.6 from jochi". */
export function describeRule(rule) {
  const types = rule.knowledgeTypes.length && !rule.knowledgeTypes.includes("all") ? rule.knowledgeTypes.join(", ") : "any knowledge";
  const domains = rule.domains.length ? ` in ${rule.domains.join(", ")}` : "";
  const confidence = rule.minConfidence > 0 ? ` ≥ ${rule.minConfidence}` : "";
  const from = rule.source.length ? ` from ${rule.source.map((a) => a.id).join(", ")}` : " from anyone";
  return `${rule.tier} · ${types}${domains}${confidence}${from} (${rule.delivery.toLowerCase()})`;
}

/** Why the event reached the agent: the rules that select it, or the broadcast tier. */
export function selectedBy(rules, event) {
  const matching = rules.filter((r) => ruleMatches(r, event));
  if (event.tier === "BROADCAST") return ["broadcast to every agent", ...matching.map(describeRule)];
  return matching.length ? matching.map(describeRule) : ["no rule of the agent (read as an admin)"];
}
