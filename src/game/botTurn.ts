import { BadUserInputError } from "../errors/errors.js";
import { GAME_BUTTONS, TURN_PATTERNS } from "./gameEnums.js";
import type { TurnInput } from "./parseTurnInput.js";

/**
 * The game agent's own turn, as its `_store_complete_turn_data` builds it
 * (its note's Task 2.2 and "Turn Node"): snake_case, `gemini_text`, buttons in
 * lower case, and contexts that may come as JSON text (`visual_context`,
 * `battle_context`, `memory_context`). Anything else in the body is ignored.
 */
export type BotTurn = Record<string, unknown>;

type Obj = Record<string, unknown>;
const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
const bad = (field: string, message: string) => new BadUserInputError(`${field} ${message}`, field);

/** A context sent as an object, or as JSON text of one (the note stores them as JSON strings); null/absent → null. */
function jsonObject(field: string, value: unknown): Obj | null {
  if (value === null || value === undefined || value === "") return null;
  let parsed = value;
  if (typeof value === "string") {
    try {
      parsed = JSON.parse(value);
    } catch {
      throw bad(field, "must be a JSON object or JSON text of one");
    }
  }
  if (parsed === null) return null;
  if (!isObj(parsed)) throw bad(field, "must be a JSON object or JSON text of one");
  return parsed;
}

/** `"up"`, `"A"`, `"Start"` → the GameButton; anything else names the field. */
function button(field: string, value: unknown): (typeof GAME_BUTTONS)[number] {
  const name = typeof value === "string" ? value.trim().toUpperCase() : "";
  const found = GAME_BUTTONS.find((b) => b === name);
  if (!found) throw bad(field, `must be one of ${GAME_BUTTONS.map((b) => b.toLowerCase()).join(", ")}, got ${JSON.stringify(String(value).slice(0, 20))}`);
  return found;
}

/** A list of buttons, or JSON text of one (the Turn Node's `button_presses: String // JSON array`), or one button alone. */
function buttons(field: string, value: unknown): (typeof GAME_BUTTONS)[number][] {
  let list = value;
  if (typeof value === "string") {
    const text = value.trim();
    try {
      list = text.startsWith("[") ? JSON.parse(text) : [text];
    } catch {
      throw bad(field, "must be a list of buttons or JSON text of one");
    }
  }
  if (!Array.isArray(list)) throw bad(field, "must be a list of buttons or JSON text of one");
  return list.map((b, i) => button(`${field}[${i}]`, b));
}

/** `"hitting_obstacles"`, `"none"`, or a list of them → TurnPatterns. */
function patterns(field: string, value: unknown): (typeof TURN_PATTERNS)[number][] {
  if (value === null || value === undefined) return [];
  const list = Array.isArray(value) ? value : [value];
  return list
    .map((p) => (typeof p === "string" ? p.trim().toUpperCase() : p))
    .filter((p) => p !== "NONE" && p !== "")
    .map((p) => {
      const found = TURN_PATTERNS.find((t) => t === p);
      if (!found) throw bad(field, `must be none or one of ${TURN_PATTERNS.map((t) => t.toLowerCase()).join(", ")}, got ${JSON.stringify(String(p).slice(0, 40))}`);
      return found;
    });
}

/** The turn number of `{session_id}_turn_{n}`. */
function turnNumber(turnId: unknown, sessionId: string): number {
  const prefix = `${sessionId}_turn_`;
  const n = typeof turnId === "string" && turnId.startsWith(prefix) ? turnId.slice(prefix.length) : "";
  if (!/^[1-9][0-9]{0,6}$/.test(n)) throw bad("turn_id", `must be "${prefix}<n>" with n a turn number from 1, got ${JSON.stringify(String(turnId).slice(0, 80))}`);
  return Number(n);
}

/** `datetime.now().isoformat()` has no zone and six decimals: read as UTC, to the millisecond. */
function timestamp(value: unknown): string | undefined {
  if (value === null || value === undefined) return undefined;
  const text = typeof value === "string" ? value.trim() : "";
  const zoned = /(Z|[+-]\d{2}:?\d{2})$/.test(text) ? text : `${text}Z`;
  const ms = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(text) ? Date.parse(zoned.replace(/(\.\d{3})\d+/, "$1")) : NaN;
  if (Number.isNaN(ms)) throw bad("timestamp", `must be an ISO-8601 date-time, got ${JSON.stringify(String(value).slice(0, 40))}`);
  return new Date(ms).toISOString();
}

const optionalString = (field: string, value: unknown): string | undefined => {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== "string") throw bad(field, "must be a string");
  return value;
};

const stringList = (field: string, value: unknown): string[] | undefined => {
  if (value === null || value === undefined) return undefined;
  if (!Array.isArray(value) || !value.every((v) => typeof v === "string")) throw bad(field, "must be a list of strings");
  return value;
};

/**
 * The game agent's turn as `recordTurn`'s arguments. Pure; BAD_USER_INPUT
 * naming the agent's own field (`button_presses[1]`, `memory_context.patterns`)
 * for what cannot be read. The limits of TurnInput are checked afterwards by
 * recordTurn itself, as for any client.
 */
export function turnFromBot(body: BotTurn): { sessionId: string; turn: TurnInput } {
  const sessionId = body.session_id;
  if (typeof sessionId !== "string" || sessionId.trim() === "") throw bad("session_id", "must be the session's id");
  if (typeof body.gemini_text !== "string") throw bad("gemini_text", "must be the vision model's analysis (a string)");
  if (typeof body.success !== "boolean") throw bad("success", "must be true or false");
  const visual = jsonObject("visual_context", body.visual_context);
  const battle = jsonObject("battle_context", body.battle_context);
  const memory = jsonObject("memory_context", body.memory_context);
  if (battle && typeof (battle.in_battle ?? battle.inBattle) !== "boolean") throw bad("battle_context.in_battle", "must be true or false");
  if (memory && !Array.isArray(memory.recent_turns)) throw bad("memory_context.recent_turns", "must be a list");
  const battleType = battle ? (battle.battle_type ?? battle.battleType) : undefined;
  const screenshot = optionalString("screenshot_base64", body.screenshot_base64);
  const turn: TurnInput = {
    number: turnNumber(body.turn_id, sessionId),
    timestamp: timestamp(body.timestamp),
    analysis: body.gemini_text,
    buttonPresses: buttons("button_presses", body.button_presses),
    success: body.success,
    location: optionalString("location", body.location),
    screenshotPath: optionalString("screenshot_path", body.screenshot_path),
    screenshot: screenshot ? { base64: screenshot } : undefined,
    visual: visual
      ? {
          description: optionalString("visual_context.description", visual.description),
          terrain: optionalString("visual_context.terrain", visual.terrain),
          obstacles: stringList("visual_context.obstacles", visual.obstacles),
          validMovements: (visual.valid_movements ?? visual.validMovements) == null ? undefined : buttons("visual_context.valid_movements", visual.valid_movements ?? visual.validMovements),
        }
      : undefined,
    battle: battle
      ? {
          inBattle: (battle.in_battle ?? battle.inBattle) as boolean,
          battleType: battleType == null ? undefined : battleKind(battleType),
          battlePhase: optionalString("battle_context.battle_phase", battle.battle_phase ?? battle.battlePhase),
        }
      : undefined,
    memoryContext: memory
      ? {
          recentTurns: (memory.recent_turns as unknown[]).map((t, i) => compact(`memory_context.recent_turns[${i}]`, t)),
          turnCount: typeof memory.turn_count === "number" ? memory.turn_count : (memory.recent_turns as unknown[]).length,
          patterns: patterns("memory_context.patterns", memory.patterns),
        }
      : undefined,
  };
  return { sessionId, turn: JSON.parse(JSON.stringify(turn)) as TurnInput };
}

function battleKind(value: unknown): "WILD" | "TRAINER" {
  const kind = typeof value === "string" ? value.trim().toUpperCase() : "";
  if (kind !== "WILD" && kind !== "TRAINER") throw bad("battle_context.battle_type", `must be wild or trainer, got ${JSON.stringify(String(value).slice(0, 20))}`);
  return kind;
}

/** One `{turn, action, result, context}` of the compact memory. */
function compact(field: string, value: unknown) {
  if (!isObj(value) || typeof value.turn !== "number" || typeof value.action !== "string" || typeof value.result !== "string" || typeof value.context !== "string") {
    throw bad(field, 'must be {"turn": n, "action": "…", "result": "…", "context": "…"}');
  }
  return { turn: value.turn, action: value.action, result: value.result, context: value.context };
}
