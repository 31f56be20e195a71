import { describe, expect, test } from "bun:test";
import { HttpError } from "../../src/http/errors.ts";
import { pagingParam, parseId, requireId } from "../../src/http/ids.ts";

describe("parseId", () => {
  test("takes the positive integers a bigint id and a JavaScript number can both hold", () => {
    expect(parseId("1")).toBe(1);
    expect(parseId("4711")).toBe(4711);
    expect(parseId(String(Number.MAX_SAFE_INTEGER))).toBe(Number.MAX_SAFE_INTEGER);
  });

  test.each([
    ["0"],
    ["-1"],
    ["01"],
    ["1.5"],
    ["1e3"],
    [" 1"],
    ["1 "],
    ["+1"],
    ["0x10"],
    ["../etc/passwd"],
    [""],
    [String(Number.MAX_SAFE_INTEGER + 2)],
    ["12345678901234567"],
  ])("refuses %p", (raw) => {
    expect(parseId(raw)).toBeNull();
  });

  test("refuses anything but text (a repeated query parameter arrives as an array)", () => {
    expect(parseId(undefined)).toBeNull();
    expect(parseId(7)).toBeNull();
    expect(parseId(["1", "2"])).toBeNull();
  });
});

function statusAndMessage(run: () => unknown): { status: number; message: string } | null {
  try {
    run();
    return null;
  } catch (error) {
    if (!(error instanceof HttpError)) throw error;
    return { status: error.status, message: error.message };
  }
}

test("requireId answers a malformed id with a 400 and the caller's message", () => {
  expect(requireId("12", "Die Nummer ist ungültig.")).toBe(12);
  expect(statusAndMessage(() => requireId("12a", "Die Nummer ist ungültig."))).toEqual({
    status: 400,
    message: "Die Nummer ist ungültig.",
  });
});

test("pagingParam: the fallback when omitted, else 1 to max; anything else a 400 with the caller's message", () => {
  const bounds = { fallback: 20, max: 100 };
  expect(pagingParam(undefined, bounds, "Falsch.")).toBe(20);
  expect(pagingParam("1", bounds, "Falsch.")).toBe(1);
  expect(pagingParam("100", bounds, "Falsch.")).toBe(100);
  for (const raw of ["", "0", "101", "abc", "2.0"]) {
    expect(statusAndMessage(() => pagingParam(raw, bounds, "Falsch."))).toEqual({ status: 400, message: "Falsch." });
  }
});
