import { describe, expect, it } from "vitest";
import { extractBattle, extractLocation } from "../../../src/game/analysisKeywords.js";

describe("extractLocation (the game agent's keyword list)", () => {
  it("title-cases the first keyword of the seed's list found in the text", () => {
    expect(extractLocation("The player stands in tall grass on Route 1.")).toBe("Route");
    expect(extractLocation("Entering VIRIDIAN forest from the south")).toBe("Forest");
    expect(extractLocation("A Pokémon Center is to the left")).toBe("Center");
    expect(extractLocation("Welcome to Pallet")).toBe("Pallet");
  });

  it("says unknown when no keyword appears", () => {
    expect(extractLocation("A black screen with a blinking cursor")).toBe("unknown");
    expect(extractLocation("")).toBe("unknown");
  });

  it("matches keywords at the start of a word only (the seed's substring test matched 'downtown' and 'citylike' alike)", () => {
    expect(extractLocation("A grouted wall")).toBe("unknown");
    expect(extractLocation("Going downtown")).toBe("unknown");
    expect(extractLocation("towns everywhere")).toBe("Town");
  });
});

describe("extractBattle (the game agent's keyword list)", () => {
  it("finds a wild battle", () => {
    expect(extractBattle("A wild Pidgey appeared!")).toEqual({ inBattle: true, battleType: "WILD", battlePhase: "unknown" });
  });

  it("calls any other battle a trainer battle", () => {
    expect(extractBattle("Youngster Joey wants to FIGHT")).toEqual({ inBattle: true, battleType: "TRAINER", battlePhase: "unknown" });
    expect(extractBattle("Enemy HP is low")).toMatchObject({ inBattle: true, battleType: "TRAINER" });
    expect(extractBattle("Your Pokémon is ready")).toMatchObject({ inBattle: true });
  });

  it("is not in battle without a keyword, nor on a keyword inside a word ('shop' holds 'hp' for a substring test)", () => {
    expect(extractBattle("The player walks into the shop")).toEqual({ inBattle: false, battleType: null, battlePhase: null });
    expect(extractBattle("Grass to the north")).toEqual({ inBattle: false, battleType: null, battlePhase: null });
  });
});
