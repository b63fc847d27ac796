import path from "node:path";
import { z } from "zod";
import { section, variable, wholeNumber } from "../declare.js";
import { localFolders, NEO4J_URI } from "./neo4j.js";

export const game = section({
  title: "Game sessions",
  summary: "Game-agent sessions (src/game/, [game-memory.md](game-memory.md)): the screenshot limit and store, the session lease and its sweeper.",
  variables: {
    game: {
      screenshotMaxBytes: variable("SCREENSHOT_MAX_BYTES", wholeNumber(1024, 16 * 1024 * 1024), {
        default: 2 * 1024 * 1024,
        doc: "largest game screenshot recordTurn accepts, in decoded bytes",
      }),
      screenshotStore: variable("SCREENSHOT_STORE", z.enum(["graph", "disk"]), {
        defaultDoc: "`disk` with the embedded Neo4j, `graph` with `NEO4J_URI`",
        doc: "where a screenshot's bytes are kept: `disk` (a content-addressed file per tenant under `SCREENSHOT_DIR`, only the SHA-256 in the graph; measured against `graph` in docs/benchmarks.md, 2026-12-01: Neo4j's CPU per turn 0.6x, its store 13 MB against 589 MB after 820 turns of 488 KB) or `graph` (base64 in its Screenshot node); either way reads return the same base64, and turns stored under the other setting stay readable. With an existing server the default is `graph`: gateways beside it (several, or in pods) each have a disk of their own, and a turn recorded through one must be readable through any; set `disk` there only with a folder every gateway shares",
      }),
      screenshotDir: variable("SCREENSHOT_DIR", z.string().min(1), {
        defaultDoc: "`$MNEMOGRAPH_DATA_DIR/screenshots`",
        doc: "the folder of `SCREENSHOT_STORE=disk` (relative paths resolve against the current directory); back it up with the database, or carry screenshots in a tenant export",
      }),
      screenshotSweepMs: variable(
        "SCREENSHOT_SWEEP_MINUTES",
        wholeNumber(1, 7 * 24 * 60).transform((minutes) => minutes * 60_000),
        { default: 60, doc: "how often, in minutes, screenshot files that no Screenshot node names any more (deleted turns, failed writes) are removed; files put in the last hour are kept" },
      ),
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
  resolve: ({ game }, context) => ({
    game: {
      ...game,
      screenshotStore: game.screenshotStore ?? (context.get(NEO4J_URI) ? "graph" : "disk"),
      screenshotDir: game.screenshotDir ? path.resolve(context.cwd, game.screenshotDir) : path.join(localFolders(context).dataDir, "screenshots"),
    },
  }),
});
