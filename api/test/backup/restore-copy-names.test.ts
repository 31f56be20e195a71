// Which databases a restore takes for its own abandoned copies (`<target>_restore_<14 digits>`),
// at PostgreSQL's 63-byte name limit: a target of 40 bytes keeps its whole name, one of 41 is cut
// by a byte, an umlaut (two bytes) is never cut in half, and nothing else is ever a copy.
import { describe, expect, test } from "bun:test";
import { isCopyOf } from "../../src/backup/restore.ts";

const stamp = "20261128101500";

describe("a restore's copy beside its target", () => {
  test("a target of 40 bytes: its copy is the whole name plus the suffix (63 bytes)", () => {
    const target = "k".repeat(40);
    expect(Buffer.byteLength(`${target}_restore_${stamp}`)).toBe(63);
    expect(isCopyOf(target, `${target}_restore_${stamp}`)).toBe(true);
    expect(isCopyOf(target, `${target.slice(0, -1)}_restore_${stamp}`)).toBe(false);
  });

  test("a target of 41 bytes: the copy's base is cut to 40, so another 41-byte target with that prefix shares it", () => {
    const target = `${"k".repeat(40)}a`;
    const copy = `${"k".repeat(40)}_restore_${stamp}`;
    expect(isCopyOf(target, copy)).toBe(true);
    // The limit written in record 0034: the same 40 bytes, another last letter, the same copies.
    expect(isCopyOf(`${"k".repeat(40)}b`, copy)).toBe(true);
    expect(isCopyOf(`${"k".repeat(39)}b`, copy)).toBe(false);
  });

  test("an umlaut at the cut goes whole: 39 bytes plus ü (2 bytes) is 41, the base keeps 39", () => {
    const target = `${"k".repeat(39)}ü`;
    expect(Buffer.byteLength(target)).toBe(41);
    expect(isCopyOf(target, `${"k".repeat(39)}_restore_${stamp}`)).toBe(true);
    expect(isCopyOf(target, `${target}_restore_${stamp}`)).toBe(false);
  });

  test("only the exact suffix with 14 digits: the target itself, an _old_ copy and look-alikes are not copies", () => {
    const target = "klarwerk";
    expect(isCopyOf(target, target)).toBe(false);
    expect(isCopyOf(target, `${target}_old_${stamp}`)).toBe(false);
    expect(isCopyOf(target, `${target}_restore_${stamp.slice(0, 13)}`)).toBe(false);
    expect(isCopyOf(target, `${target}_restore_${stamp}x`)).toBe(false);
    expect(isCopyOf(target, `${target}x_restore_${stamp}`)).toBe(false);
    expect(isCopyOf(target, `x${target}_restore_${stamp}`)).toBe(false);
    expect(isCopyOf(target, `${target}_restore_${stamp}`)).toBe(true);
  });
});
