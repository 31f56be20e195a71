import { expect, test } from "bun:test";
import { formatCount, formatSizeLimit } from "../src/format";

test("counts read with German digit grouping", () => {
  expect(formatCount(0)).toBe("0");
  expect(formatCount(999)).toBe("999");
  expect(formatCount(1234)).toBe("1.234");
  expect(formatCount(98_000)).toBe("98.000");
  expect(formatCount(1_234_567)).toBe("1.234.567");
});

test("a size limit reads as a round number of its unit, at each unit's edge", () => {
  expect(formatSizeLimit(1024 ** 3)).toBe("1 GB");
  expect(formatSizeLimit(2 * 1024 ** 3)).toBe("2 GB");
  expect(formatSizeLimit(1024 ** 3 - 1024 ** 2)).toBe("1.023 MB");
  expect(formatSizeLimit(1024 ** 3 + 1024 ** 2)).toBe("1.025 MB");
  expect(formatSizeLimit(160 * 1024 ** 2)).toBe("160 MB");
  expect(formatSizeLimit(64 * 1024)).toBe("64 KB");
  // Not whole in any unit: as the file area shows a size.
  expect(formatSizeLimit(1024 ** 2 + 1)).toBe("1,00 MB");
  expect(formatSizeLimit(1000)).toBe("1000 B");
});
