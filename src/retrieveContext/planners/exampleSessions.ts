/** One round of an example session: what the agent thought, the calls it made together, what came back. */
export interface ExampleRound {
  thought: string;
  calls: { tool: string; args: Record<string, unknown> }[];
  result: string;
}

/** A retrieval session shown to the planner as an example of good behaviour. */
export interface ExampleSession {
  conversation: string[];
  rounds: ExampleRound[];
  /** The final reply, without tool calls. */
  reply: string;
}

/**
 * Example sessions for the planner's prompt (the knowledge agent's "give
 * examples: 2-3 example retrieval sessions showing good behaviour"): check
 * the participants first, follow a named organisation, project or event to
 * the people connected to it, batch independent lookups, stop when enough.
 * Every call names a loop tool with arguments it accepts
 * (tests/unit/retrieveContext/prompts.test.ts checks them against the tools).
 */
export const EXAMPLE_SESSIONS: readonly ExampleSession[] = [
  {
    conversation: [
      "Alice (p_alice): Hey, I'm thinking about applying to Google",
      "Bob (p_bob): Oh nice! Didn't Charlie work there?",
      "Alice (p_alice): Did he? I should ask him about it",
    ],
    rounds: [
      {
        thought: "Alice is considering Google and Bob thinks Charlie worked there. Who works or worked at Google, and what is known about Charlie? Independent: one round.",
        calls: [
          { tool: "find_people_by_organization", args: { organization: "Google" } },
          { tool: "get_person_summary", args: { person_id: "p_charlie" } },
        ],
        result: "Charlie PREVIOUSLY Google (2019-2022, Software Engineer, Mountain View, confidence 0.92); Dana WORKS_AT Google (Product Manager, San Francisco, 0.92).",
      },
      {
        thought: "Both have Google experience. Does Alice know either of them?",
        calls: [
          { tool: "get_relationships_between", args: { person_a_id: "p_alice", person_b_id: "p_charlie" } },
          { tool: "get_relationships_between", args: { person_a_id: "p_alice", person_b_id: "p_dana" } },
        ],
        result: "Alice CLOSE_TO Charlie (basis: collaborate weekly, 0.85); nothing between Alice and Dana.",
      },
      {
        thought: "Has Charlie said anything about working there?",
        calls: [{ tool: "search_messages", args: { query: "Google work interview", author_id: "p_charlie", limit: 5 } }],
        result: "Two messages of Charlie's about his time at Google.",
      },
    ],
    reply: "Charlie worked at Google 2019-2022 as a Software Engineer and collaborates weekly with Alice: the person to ask. Dana works there now as a Product Manager, for a current view.",
  },
  {
    conversation: ["Dana (p_dana): Is anyone else going to the Apollo review on Friday?", "Eve (p_eve): Who's even on that project?"],
    rounds: [
      {
        thought: "Apollo is named as a project: who is connected to it? The channel's earlier messages may say what the review is.",
        calls: [
          { tool: "find_people_connected_to", args: { name: "Apollo" } },
          { tool: "get_recent_messages", args: { channel_id: "general", limit: 20 } },
        ],
        result: "Bob WORKING_ON Apollo (0.9), Charlie WORKING_ON Apollo (0.8); earlier messages: the review moved to Friday.",
      },
    ],
    reply: "Bob and Charlie work on Apollo; the review was moved to Friday.",
  },
  {
    conversation: ["Frank (p_frank): Who should I ask about TypeScript?"],
    rounds: [
      {
        thought: "A question about a skill: who has it?",
        calls: [{ tool: "find_people_by_skill", args: { skill: "TypeScript" } }],
        result: "Dana HAS_SKILL TypeScript (expert, 0.88).",
      },
    ],
    reply: "Dana is the TypeScript expert. One lookup was enough, so I stopped.",
  },
];

/** The examples as prompt text, calls as `tool({json arguments})`. Pure. */
export function renderExampleSessions(sessions: readonly ExampleSession[] = EXAMPLE_SESSIONS): string {
  return sessions
    .map((s, i) =>
      [
        `Example session ${i + 1}.`,
        "Conversation:",
        ...s.conversation,
        ...s.rounds.flatMap((r, j) => [
          `Round ${j + 1}. Thought: ${r.thought}`,
          `Calls: ${r.calls.map((c) => `${c.tool}(${JSON.stringify(c.args)})`).join(", ")}`,
          `Result: ${r.result}`,
        ]),
        `Reply (no tool calls): ${s.reply}`,
      ].join("\n"),
    )
    .join("\n\n");
}
