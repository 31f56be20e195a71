import { describe, expect, test } from "bun:test";
import { type ChangeFeed, localChangeFeed } from "../../src/db/change-feed.ts";
import { TableCache, tableCacheStats } from "../../src/db/table-cache.ts";

/** A load that counts its calls and finishes when told to. */
function controlledLoad(value: string) {
  let calls = 0;
  let finish: (() => void) | null = null;
  const load = () => {
    calls++;
    return new Promise<string>((resolve) => {
      finish = () => resolve(`${value} #${calls}`);
    });
  };
  return {
    load,
    get calls() {
      return calls;
    },
    finish: () => finish?.(),
  };
}

let loads = 0;
const counted = (value: string) => async () => {
  loads++;
  return value;
};

describe("TableCache", () => {
  test("counts the answers evicted for room apart from those forgotten after a change", async () => {
    const feed = localChangeFeed();
    const cache = new TableCache<string>(feed, { name: "stats test", tables: ["customers"], maxEntries: 2 });
    for (const key of ["a", "b", "c"]) await cache.get(key, counted(key));
    // Two fit: "a" (least recently used) made room for "c".
    expect(tableCacheStats()["stats test"]).toMatchObject({ hits: 0, misses: 3, evicted: 1, forgotten: 0 });
    expect(await cache.get("b", counted("again"))).toBe("b");
    feed.changed("customers");
    expect(cache.count).toBe(0);
    expect(tableCacheStats()["stats test"]).toMatchObject({ hits: 1, misses: 3, evicted: 1, forgotten: 2 });
  });

  test("keeps an answer until its table changes", async () => {
    const feed = localChangeFeed();
    const cache = new TableCache<string>(feed, { tables: ["customers"], maxEntries: 10 });
    loads = 0;
    expect(await cache.get("a", counted("first"))).toBe("first");
    expect(await cache.get("a", counted("second"))).toBe("first");
    expect(loads).toBe(1);

    feed.changed("users");
    expect(await cache.get("a", counted("third"))).toBe("first");

    feed.changed("customers");
    expect(await cache.get("a", counted("fourth"))).toBe("fourth");
    expect(loads).toBe(2);
  });

  test("an answer whose load began before a change is given to its caller but not kept", async () => {
    const feed = localChangeFeed();
    const cache = new TableCache<string>(feed, { tables: ["customers"], maxEntries: 10 });
    const slow = controlledLoad("old rows");
    const answer = cache.get("page 1", slow.load);
    feed.changed("customers");
    slow.finish();
    expect(await answer).toBe("old rows #1");
    expect(cache.count).toBe(0);
    expect(await cache.get("page 1", counted("new rows"))).toBe("new rows");
  });

  test("concurrent calls share one load; a call after a change does not join it", async () => {
    const feed = localChangeFeed();
    const cache = new TableCache<string>(feed, { tables: ["customers"], maxEntries: 10 });
    const before = controlledLoad("before");
    const first = cache.get("k", before.load);
    const second = cache.get("k", before.load);
    expect(before.calls).toBe(1);

    feed.changed("customers");
    const after = controlledLoad("after");
    const third = cache.get("k", after.load);
    expect(after.calls).toBe(1);

    before.finish();
    after.finish();
    expect(await Promise.all([first, second, third])).toEqual(["before #1", "before #1", "after #1"]);
    expect(await cache.get("k", counted("unused"))).toBe("after #1");
  });

  test("a failed load is not kept and the next call tries again", async () => {
    const cache = new TableCache<string>(localChangeFeed(), { tables: ["customers"], maxEntries: 10 });
    await expect(cache.get("k", () => Promise.reject(new Error("database down")))).rejects.toThrow("database down");
    expect(await cache.get("k", counted("back"))).toBe("back");
  });

  test("drops the least recently used answer beyond maxEntries; exactly maxEntries are kept", async () => {
    const cache = new TableCache<string>(localChangeFeed(), { tables: ["customers"], maxEntries: 2 });
    await cache.get("a", counted("aaa"));
    await cache.get("b", counted("bbb"));
    expect(cache.count).toBe(2);
    await cache.get("a", counted("unused")); // a is now the most recent
    await cache.get("c", counted("ccc"));
    expect(cache.count).toBe(2);
    loads = 0;
    expect(await cache.get("a", counted("new a"))).toBe("aaa");
    expect(await cache.get("b", counted("new b"))).toBe("new b");
    expect(loads).toBe(1);
  });

  test("a kept null is an answer, not a miss", async () => {
    const cache = new TableCache<string | null>(localChangeFeed(), { tables: ["sessions"], maxEntries: 10 });
    loads = 0;
    const none = async () => {
      loads++;
      return null;
    };
    expect(await cache.get("unknown", none)).toBeNull();
    expect(await cache.get("unknown", none)).toBeNull();
    expect(loads).toBe(1);
  });

  test("without a live feed every call loads", async () => {
    const dark: ChangeFeed = { ...localChangeFeed(), live: false };
    for (const feed of [dark, null]) {
      const cache = new TableCache<string>(feed, { tables: ["customers"], maxEntries: 10 });
      loads = 0;
      await cache.get("a", counted("x"));
      await cache.get("a", counted("x"));
      expect(loads).toBe(2);
      expect(cache.count).toBe(0);
    }
  });
});
