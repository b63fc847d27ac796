import { RecentTurnsDocument, RecordTurnDocument, StartGameSessionDocument } from "@mnemograph/client";
import { ADDS, ADDS_ONCE, READ, declareAgentTool } from "../core/agentTool.js";

const SESSION_ID = "The session, as start_game_session gave it.";

/** The game agent's tools of schema/game.graphql, each declared once beside its SDL field (core/agentTool.ts). */
export const GAME_AGENT_TOOLS = [
  declareAgentTool({
    name: "start_game_session",
    field: "startSession",
    title: "Start a game session",
    description: "Start a game session with a goal and a turn limit; record_turn then records each turn of it.",
    args: ["goal", "maxTurns", "game", "sessionId"],
    describe: {
      goal: "What you are trying to reach.",
      max_turns: "Most turns before the session ends.",
      game: "The game's name.",
      session_id: "An id of your choice for the session; default a new one.",
    },
    document: String(StartGameSessionDocument),
    ranges: { max_turns: [1] },
    hints: ADDS,
    render: (r) => `Session ${r.id} is ${r.status}.`,
  }),
  declareAgentTool({
    name: "record_turn",
    field: "recordTurn",
    title: "Record a game turn",
    description: "Record one turn of a game session: what you saw (analysis), the buttons you pressed, whether it worked, optionally a screenshot (base64 PNG or JPEG).",
    args: ["sessionId", "turn.number", "turn.analysis", "turn.buttonPresses", "turn.success", "turn.location", "turn.screenshot.base64", "turn.screenshot.mimeType"],
    describe: {
      session_id: SESSION_ID,
      number: "The turn's number in the session, from 1.",
      analysis: "What you saw and why you chose this move.",
      button_presses: "The buttons pressed, in order.",
      success: "Whether the move did what you meant.",
      location: "Where in the game you are.",
      screenshot_base64: "A screenshot, base64 PNG or JPEG.",
      screenshot_mime_type: "image/png or image/jpeg; default image/png.",
    },
    document: String(RecordTurnDocument),
    // A turn recorded again is "already recorded": the same arguments change nothing more.
    hints: ADDS_ONCE,
    render: (r) => `Turn ${r.turn.number} ${r.created ? "recorded" : "was already recorded"} at ${String(r.turn.location)}.`,
  }),
  declareAgentTool({
    name: "recent_turns",
    field: "recentTurns",
    title: "Recent turns",
    description: "The last turns of a game session in compact form ({turn, action, result, context}) with the patterns seen (stuck, loops). Read it before choosing the next move.",
    describe: { session_id: SESSION_ID, last: "How many of the last turns, 1..50; default 4." },
    document: String(RecentTurnsDocument),
    ranges: { last: [1, 50] },
    hints: READ,
    render: (r) => r.json,
  }),
];
