import { describe, expect, test } from "bun:test";
import { type ChangeDetail, type ChangeFeed, localChangeFeed } from "../../src/db/change-feed.ts";
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

/** A cache of at most `maxEntries` answers and 10 characters in all. */
const charactersCache = (maxEntries: number) =>
  new TableCache<string>(localChangeFeed(), {
    tables: ["customers"],
    maxEntries,
    sizeOf: (value) => value.length,
    maxSize: 10,
  });

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

  test("drops the least recently used answer beyond maxEntries, and beyond maxSize", async () => {
    const cache = charactersCache(2);
    await cache.get("a", counted("aaa"));
    await cache.get("b", counted("bbb"));
    await cache.get("a", counted("unused")); // a is now the most recent
    await cache.get("c", counted("ccc"));
    loads = 0;
    expect(await cache.get("a", counted("new a"))).toBe("aaa");
    expect(await cache.get("b", counted("new b"))).toBe("new b");
    expect(loads).toBe(1);

    // 10 characters at most: a 9-character answer pushes out all others; an 11-character one is not kept.
    await cache.get("big", counted("123456789"));
    expect(cache.count).toBe(1);
    await cache.get("huge", counted("12345678901"));
    expect(cache.count).toBe(1);
  });

  test("maxSize at its edge: exactly the limit is kept whole, one character more evicts the oldest", async () => {
    const cache = charactersCache(100);
    await cache.get("a", counted("12345"));
    await cache.get("b", counted("12345")); // 10 of 10
    expect(cache.count).toBe(2);
    await cache.get("c", counted("1")); // 11 of 10: "a" goes
    expect(cache.count).toBe(2);
    loads = 0;
    expect(await cache.get("b", counted("new b"))).toBe("12345");
    expect(await cache.get("a", counted("new a"))).toBe("new a");
    expect(loads).toBe(1);

    const alone = charactersCache(100);
    await alone.get("limit", counted("1234567890"));
    expect(alone.count).toBe(1);
    await alone.get("over", counted("12345678901"));
    expect(alone.count).toBe(1);
    loads = 0;
    expect(await alone.get("limit", counted("again"))).toBe("1234567890");
    expect(loads).toBe(0);
  });

  test("an answer a change revised to more characters still keeps the cache within maxSize", async () => {
    const feed = localChangeFeed();
    const cache = new TableCache<string, string>(feed, {
      tables: ["customers"],
      maxEntries: 100,
      sizeOf: (value) => value.length,
      maxSize: 10,
      affects: () => () => true,
      revise: () => (value, tag) => (tag === "grows" ? `${value}++` : value),
    });
    await cache.get("old", counted("12345"), "stays");
    await cache.get("grows", counted("12345"), "grows"); // 10 of 10
    feed.changed("customers", [["x", "y"]]); // "grows" becomes 7: 12 of 10, the oldest goes
    expect(cache.count).toBe(1);
    loads = 0;
    expect(await cache.get("grows", counted("new"), "grows")).toBe("12345++");
    expect(await cache.get("old", counted("new old"), "stays")).toBe("new old");
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

  describe("a change that names its rows", () => {
    /** Tags are search terms; a row (its name) affects a tag its name contains. */
    const bySearch = (detail: NonNullable<ChangeDetail>) => (term: string) =>
      Array.isArray(detail) && detail.some((row) => Array.isArray(row) && String(row[0]).includes(term));

    test("forgets only the answers the rows affect; a change without rows forgets all", async () => {
      const feed = localChangeFeed();
      const cache = new TableCache<string, string>(feed, { tables: ["customers"], maxEntries: 10, affects: bySearch });
      await cache.get("müller", counted("müller v1"), "müller");
      await cache.get("schmidt", counted("schmidt v1"), "schmidt");
      feed.changed("customers", [["bäckerei müller", "vertrag"]]);
      expect(await cache.get("müller", counted("müller v2"), "müller")).toBe("müller v2");
      expect(await cache.get("schmidt", counted("schmidt v2"), "schmidt")).toBe("schmidt v1");
      feed.changed("customers", null);
      expect(await cache.get("schmidt", counted("schmidt v3"), "schmidt")).toBe("schmidt v3");
      feed.changed("customers");
      expect(await cache.get("müller", counted("müller v4"), "müller")).toBe("müller v4");
    });

    test("a load under way is not kept when the rows affect it, and is when they do not", async () => {
      const feed = localChangeFeed();
      const cache = new TableCache<string, string>(feed, { tables: ["customers"], maxEntries: 10, affects: bySearch });
      const affected = controlledLoad("müller old");
      const unaffected = controlledLoad("schmidt");
      const first = cache.get("müller", affected.load, "müller");
      const second = cache.get("schmidt", unaffected.load, "schmidt");
      feed.changed("customers", [["müller kg", "angerufen"]]);
      // A call after the change does not join the load begun before it.
      const fresh = controlledLoad("müller new");
      const third = cache.get("müller", fresh.load, "müller");
      // The unaffected load is still shared.
      const fourth = cache.get("schmidt", counted("unused"), "schmidt");
      affected.finish();
      unaffected.finish();
      fresh.finish();
      expect(await Promise.all([first, second, third, fourth])).toEqual([
        "müller old #1",
        "schmidt #1",
        "müller new #1",
        "schmidt #1",
      ]);
      expect(await cache.get("müller", counted("unused"), "müller")).toBe("müller new #1");
      expect(await cache.get("schmidt", counted("unused"), "schmidt")).toBe("schmidt #1");
    });

    test("with `group`, a change asks once per group and forgets or keeps every answer of it", async () => {
      const feed = localChangeFeed();
      const asked: string[] = [];
      const cache = new TableCache<string, string>(feed, {
        tables: ["customers"],
        maxEntries: 10,
        affects: (detail) => (tag) => {
          asked.push(tag);
          return bySearch(detail)(tag.split("#")[0] ?? "");
        },
        // Tags are "term#page": the pages of one term are one group.
        group: (tag) => tag.split("#")[0] ?? "",
      });
      for (const tag of ["müller#1", "müller#2", "müller#3", "schmidt#1", "schmidt#2"])
        await cache.get(tag, counted(`${tag} v1`), tag);
      feed.changed("customers", [["bäckerei müller", "vertrag"]]);
      expect(asked.toSorted()).toEqual(["müller#1", "schmidt#1"]);
      expect(cache.count).toBe(2);
      for (const tag of ["müller#1", "müller#2", "müller#3"])
        expect(await cache.get(tag, counted(`${tag} v2`), tag)).toBe(`${tag} v2`);
      expect(await cache.get("schmidt#2", counted("unused"), "schmidt#2")).toBe("schmidt#2 v1");
      // A group emptied by eviction or a change is gone; one filled again is asked again.
      asked.length = 0;
      feed.changed("customers", [["schmidt gmbh", "vertrag"]]);
      expect(asked.toSorted()).toEqual(["müller#1", "schmidt#1"]);
      expect(cache.count).toBe(3);
    });

    test("without `group`, each answer is asked about on its own", async () => {
      const feed = localChangeFeed();
      const asked: string[] = [];
      const cache = new TableCache<string, string>(feed, {
        tables: ["customers"],
        maxEntries: 10,
        affects: (detail) => (tag) => {
          asked.push(tag);
          return bySearch(detail)(tag);
        },
      });
      for (const tag of ["müller", "müll", "schmidt"]) await cache.get(tag, counted(tag), tag);
      feed.changed("customers", [["müller", "vertrag"]]);
      expect(asked.toSorted()).toEqual(["müll", "müller", "schmidt"]);
      expect(cache.count).toBe(1);
    });

    test("without `affects` any change forgets all", async () => {
      const feed = localChangeFeed();
      const cache = new TableCache<string>(feed, { tables: ["customers"], maxEntries: 10 });
      await cache.get("a", counted("first"));
      feed.changed("customers", [["unrelated", "vertrag"]]);
      expect(await cache.get("a", counted("second"))).toBe("second");
    });
  });
});
