import { Kind, type EnumTypeDefinitionNode } from "graphql";
import { describe, expect, it } from "vitest";
import { VISIBILITIES } from "../../../src/auth/readRule.js";
import { BATTLE_TYPES, CLOSE_REASONS, GAME_BUTTONS, SESSION_STATUSES, TURN_PATTERNS } from "../../../src/game/gameEnums.js";
import { loadTypeDefs } from "../../../src/schema/loadTypeDefs.js";
import { MEMORY_TYPES, TASK_STATUSES, TASK_TYPES } from "../../../src/core/storedEnums.js";

const { document } = loadTypeDefs();
const sdlEnum = (name: string) =>
  document.definitions.find((d): d is EnumTypeDefinitionNode => d.kind === Kind.ENUM_TYPE_DEFINITION && d.name.value === name)!.values!.map((v) => v.name.value);

describe("the enum values stored nodes are read back with (turns, sessions, memories, tasks)", () => {
  it.each([
    ["GameButton", GAME_BUTTONS],
    ["BattleType", BATTLE_TYPES],
    ["GameSessionStatus", SESSION_STATUSES],
    ["GameSessionCloseReason", CLOSE_REASONS],
    ["TurnPattern", TURN_PATTERNS],
    ["Visibility", VISIBILITIES],
    ["MemoryType", MEMORY_TYPES],
    ["TaskType", TASK_TYPES],
    ["TaskStatus", TASK_STATUSES],
  ] as const)("are the SDL's %s, in its order", (name, values) => {
    expect([...values]).toEqual(sdlEnum(name));
  });
});
