import { describe, expect, it } from "vitest";
import { createDriver, usesBookmarks } from "../../../src/graph/driver.js";

describe("usesBookmarks", () => {
  it("auto: bookmarks over a routing connection only; a direct bolt:// one talks to one server", () => {
    expect(usesBookmarks("bolt://127.0.0.1:7687")).toBe(false);
    expect(usesBookmarks("bolt+s://db.example:7687")).toBe(false);
    expect(usesBookmarks("neo4j://db.example:7687")).toBe(true);
    expect(usesBookmarks("neo4j+ssc://db.example:7687")).toBe(true);
  });

  it("on and off win over the connection's kind", () => {
    expect(usesBookmarks("bolt://127.0.0.1:7687", "on")).toBe(true);
    expect(usesBookmarks("neo4j://db.example:7687", "off")).toBe(false);
  });

  it("a driver without bookmarks hands every session an empty bookmark set, whatever was committed", async () => {
    const direct = createDriver({ uri: "bolt://127.0.0.1:1", user: "neo4j", password: "x" });
    const routed = createDriver({ uri: "neo4j://127.0.0.1:1", user: "neo4j", password: "x" });
    try {
      await direct.executeQueryBookmarkManager.updateBookmarks([], ["FB:kcwQ"]);
      expect([...(await direct.executeQueryBookmarkManager.getBookmarks())]).toEqual([]);
      await routed.executeQueryBookmarkManager.updateBookmarks([], ["FB:kcwQ"]);
      expect([...(await routed.executeQueryBookmarkManager.getBookmarks())]).toEqual(["FB:kcwQ"]);
    } finally {
      await Promise.all([direct.close(), routed.close()]);
    }
  });
});
