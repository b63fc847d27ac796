/**
 * The game agent's loop: start a session, play turns (each with its
 * screenshot and the buttons pressed), and read the recent turns back as the
 * context of the next move.
 *
 *   MNEMOGRAPH_API_KEY=mk_… npx tsx packages/client/examples/gameAgentLoop.ts
 */
import { RecentTurnsDocument, RecordTurnDocument, StartGameSessionDocument, type GameButton, type MnemographClient } from "@mnemograph/client";
import { runExample } from "./runExample.js";

/** A 1×1 PNG, standing in for the emulator's screenshot. */
export const SCREENSHOT_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==";

export interface GameLoop {
  goal: string;
  /** The moves to play, one per turn. */
  moves: { buttons: GameButton[]; location: string; success: boolean; analysis: string }[];
  /** How many recent turns to read back at the end. */
  recent?: number;
}

export async function gameAgentLoop(client: MnemographClient, { goal, moves, recent = 3 }: GameLoop) {
  const { startSession: session } = await client.request(StartGameSessionDocument, { goal, maxTurns: moves.length + 10, game: "pokemon-red" });
  const recorded = [];
  for (const [i, move] of moves.entries()) {
    const { recordTurn } = await client.request(RecordTurnDocument, {
      sessionId: session.id,
      turn: { number: i + 1, analysis: move.analysis, buttonPresses: move.buttons, success: move.success, location: move.location, screenshot: { base64: SCREENSHOT_PNG, mimeType: "image/png" } },
    });
    recorded.push(recordTurn);
  }
  const { recentTurns } = await client.request(RecentTurnsDocument, { sessionId: session.id, last: recent });
  return { session, recorded, recentTurns };
}

runExample(import.meta.url, (client) =>
  gameAgentLoop(client, {
    goal: "Leave Pallet Town",
    moves: [
      { buttons: ["UP", "UP"], location: "Pallet Town", success: true, analysis: "Walking north towards Route 1" },
      { buttons: ["UP"], location: "Pallet Town", success: false, analysis: "Professor Oak stops me at the grass" },
      { buttons: ["A"], location: "Oak's Lab", success: true, analysis: "Talking to Oak" },
    ],
  }),
);
