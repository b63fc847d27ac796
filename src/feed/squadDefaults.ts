/**
 * The six-agent squad's defaults, as data (its design note: "The 6 Agents" and
 * "Default Subscriptions"): the agents, their subscription rules and the
 * operations improvement loop between Ögedei and Jochi. installSquadDefaults.ts
 * writes them.
 */

/** One of the squad's default subscriptions (its `:Subscription` nodes). */
export interface SquadSubscription {
  subscriber: string;
  /** null = `source_agent: "all"`. */
  source: string | null;
  knowledgeTypes: string[];
  domains: string[];
  minConfidence: number;
  delivery: "IMMEDIATE" | "BATCHED";
  batchIntervalSeconds: number | null;
  tier: "DIRECT" | "POOL" | "BROADCAST" | "ORCHESTRATOR" | "ANALYST" | "OPS";
}

/** The six agents: id, name, role, capabilities, personality, output and input types, heartbeat minute, and the output they owe (daily_minimum, weekly_minimum; null where the note sets none). */
export const SQUAD_AGENTS = [
  {
    id: "kublai", name: "Kublai", role: "orchestrator", personality: "Diplomatic, strategic, sees the big picture",
    capabilities: ["coordination", "delegation", "quality_review", "human_interface", "synthesis", "blocker_resolution"],
    outputTypes: ["ProcessInsight", "Synthesis", "Task"], inputTypes: ["all"], heartbeatSchedule: ":00",
    dailyMinimum: null, weeklyMinimum: null,
  },
  {
    id: "mongke", name: "Möngke", role: "researcher", personality: "Skeptical, thorough, evidence-based. Patient scholar.",
    capabilities: ["deep_research", "citation_tracking", "competitive_analysis", "market_research", "evidence_gathering"],
    outputTypes: ["Research", "Concept"], inputTypes: ["Task", "Insight"], heartbeatSchedule: ":03",
    dailyMinimum: "3 research briefs", weeklyMinimum: null,
  },
  {
    id: "chagatai", name: "Chagatai", role: "writer", personality: "Generous with feedback, meticulous with prose",
    capabilities: ["content_writing", "editing", "polishing", "voice_adaptation", "community_content"],
    outputTypes: ["Content"], inputTypes: ["Research"], heartbeatSchedule: ":06",
    dailyMinimum: "1 polished piece OR 3 drafts", weeklyMinimum: null,
  },
  {
    id: "temujin", name: "Temüjin", role: "developer", personality: "Security-conscious, builds for generations",
    capabilities: ["code_implementation", "security_review", "automation", "technical_debt", "bug_fixing", "dependency_audit"],
    outputTypes: ["Application", "SecurityAudit", "CodeReview"], inputTypes: ["Concept", "Content", "Task"], heartbeatSchedule: ":09",
    dailyMinimum: null, weeklyMinimum: "1 security audit + 3-5 enhancements",
  },
  {
    id: "jochi", name: "Jochi", role: "analyst", personality: "Independent thinker who sees what others miss",
    capabilities: ["pattern_recognition", "metrics_tracking", "seo_monitoring", "competitive_intelligence", "opportunity_identification", "strategic_analysis"],
    outputTypes: ["Analysis", "Insight", "Opportunity"], inputTypes: ["Research", "Application", "Content"], heartbeatSchedule: ":12",
    dailyMinimum: null, weeklyMinimum: null,
  },
  {
    id: "ogedei", name: "Ögedei", role: "ops", personality: "Strict adherent to process and protocol",
    capabilities: ["task_management", "documentation", "deadline_tracking", "workflow_optimization", "process_maintenance", "admin_handling"],
    outputTypes: ["ProcessUpdate", "Documentation", "WorkflowImprovement"], inputTypes: ["all"], heartbeatSchedule: ":15",
    dailyMinimum: null, weeklyMinimum: null,
  },
] as const;

const rule = (r: Partial<SquadSubscription> & Pick<SquadSubscription, "subscriber" | "knowledgeTypes">): SquadSubscription => ({
  source: null, domains: [], minConfidence: 0, delivery: "IMMEDIATE", batchIntervalSeconds: null, tier: "DIRECT", ...r,
});

/** The note's "Default Subscriptions", one entry each, in its order (`notify_immediately: false` = BATCHED). */
export const SQUAD_SUBSCRIPTIONS: readonly SquadSubscription[] = [
  rule({ subscriber: "kublai", knowledgeTypes: [], delivery: "BATCHED", batchIntervalSeconds: 300, tier: "ORCHESTRATOR" }),
  rule({ subscriber: "mongke", source: "jochi", knowledgeTypes: ["Insight", "Opportunity", "Analysis"], minConfidence: 0.6 }),
  rule({ subscriber: "mongke", source: "temujin", knowledgeTypes: ["Application"] }),
  rule({ subscriber: "chagatai", source: "mongke", knowledgeTypes: ["Research"], minConfidence: 0.7 }),
  rule({ subscriber: "chagatai", source: "jochi", knowledgeTypes: ["Insight", "Analysis"], domains: ["content", "seo", "engagement"], minConfidence: 0.7, delivery: "BATCHED" }),
  rule({ subscriber: "temujin", knowledgeTypes: ["Concept", "Research"], domains: ["technical", "security", "automation"], minConfidence: 0.7, tier: "POOL" }),
  rule({ subscriber: "temujin", source: "jochi", knowledgeTypes: ["Analysis", "Insight"], domains: ["security", "risk", "technical"], minConfidence: 0.6 }),
  rule({ subscriber: "jochi", knowledgeTypes: ["Research", "Content", "Application", "SecurityAudit", "Task"], minConfidence: 0.5, delivery: "BATCHED", batchIntervalSeconds: 3600, tier: "ANALYST" }),
  rule({ subscriber: "ogedei", source: "jochi", knowledgeTypes: ["Analysis", "Insight"], domains: ["process", "workflow", "efficiency", "bottleneck"], minConfidence: 0.5 }),
  rule({ subscriber: "ogedei", knowledgeTypes: ["Task", "ProcessUpdate"], delivery: "BATCHED", batchIntervalSeconds: 900, tier: "OPS" }),
];

/** The note's "Tier 3: Broadcast (Push - Batched)": each agent of the squad takes broadcasts with its batches (Agent.broadcastDelivery). */
export const SQUAD_BROADCAST_DELIVERY = "BATCHED";

/** The operations improvement loop: Ögedei IMPROVES_WITH Jochi (operations), Jochi ANALYZES_FOR Ögedei (process metrics). */
export const SQUAD_COLLABORATIONS = [
  { from: "ogedei", to: "jochi", type: "IMPROVES_WITH", domain: "operations" },
  { from: "jochi", to: "ogedei", type: "ANALYZES_FOR", domain: "process_metrics" },
] as const;
