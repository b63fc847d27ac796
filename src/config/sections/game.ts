import { section, variable, wholeNumber } from "../declare.js";

export const game = section({
  title: "Game sessions",
  summary: "Game-agent sessions (src/game/, [game-memory.md](game-memory.md)): the screenshot limit, the session lease and its sweeper.",
  variables: {
    game: {
      screenshotMaxBytes: variable("SCREENSHOT_MAX_BYTES", wholeNumber(1024, 16 * 1024 * 1024), {
        default: 2 * 1024 * 1024,
        doc: "largest game screenshot recordTurn accepts, in decoded bytes",
      }),
      leaseSeconds: variable("GAME_SESSION_LEASE_SECONDS", wholeNumber(5, 7 * 24 * 3600), {
        default: 300,
        doc: "a game session without a turn or heartbeat for this long, in seconds, is closed as ABANDONED",
      }),
      sweepIntervalMs: variable(
        "GAME_SESSION_SWEEP_SECONDS",
        wholeNumber(1, 3600).transform((seconds) => seconds * 1000),
        { default: 30, doc: "how often, in seconds, the sweeper closes sessions whose lease ran out" },
      ),
    },
  },
});
