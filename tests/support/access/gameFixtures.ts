import type { AccessClient } from "./accessClient.js";
import type { Persona } from "./personas.js";

/** A real 1x1 PNG: recordTurn refuses anything that is not a PNG or JPEG. */
export const FIXTURE_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

export const START_SESSION = `mutation ($sessionId: ID!, $goal: String!, $sharedWith: [String!]) {
  startSession(sessionId: $sessionId, goal: $goal, maxTurns: 10, visibility: PRIVATE, sharedWith: $sharedWith) { id status } }`;
export const RECORD_TURN = `mutation ($sessionId: ID!, $turn: TurnInput!) { recordTurn(sessionId: $sessionId, turn: $turn) { created turn { id screenshot { id } } } }`;

/** Fixtures of one type: two ids, and the strings that must not leak. */
export interface GameFixture {
  ids: [string, string];
  secrets: string[];
}

/**
 * Two PRIVATE sessions of the owner, tagged with `tag` in `sharedWith`, each
 * with one turn and its screenshot, written the only way they can be: through
 * startSession and recordTurn (the types have no generated create).
 */
export async function createGameFixtures(options: {
  client: AccessClient;
  owner: Persona;
  tag: string;
  nextUnique: () => string;
}): Promise<Map<string, GameFixture>> {
  const { client, owner, tag, nextUnique } = options;
  const sessions: string[] = [];
  const turns: string[] = [];
  const shots: string[] = [];
  const secrets: string[] = [tag];
  for (let i = 0; i < 2; i++) {
    const sessionId = nextUnique();
    const goal = nextUnique();
    const analysis = nextUnique();
    const started = await client.send(owner, { query: START_SESSION, variables: { sessionId, goal, sharedWith: [tag] } });
    if (started.errors) throw new Error(`startSession failed: ${started.text}`);
    const recorded = await client.send(owner, {
      query: RECORD_TURN,
      variables: { sessionId, turn: { number: 1, analysis, buttonPresses: ["UP"], success: true, screenshot: { base64: FIXTURE_PNG } } },
    });
    if (recorded.errors) throw new Error(`recordTurn failed: ${recorded.text}`);
    const turn = recorded.data!.recordTurn.turn as { id: string; screenshot: { id: string } };
    sessions.push(sessionId);
    turns.push(turn.id);
    shots.push(turn.screenshot.id);
    secrets.push(sessionId, goal, analysis, turn.id, turn.screenshot.id);
  }
  return new Map([
    ["GameSession", { ids: sessions as [string, string], secrets }],
    ["Turn", { ids: turns as [string, string], secrets }],
    ["Screenshot", { ids: shots as [string, string], secrets }],
  ]);
}
