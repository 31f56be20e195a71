import { expect, test } from "bun:test";
import { formatCount } from "../src/format";

test("counts read with German digit grouping", () => {
  expect(formatCount(0)).toBe("0");
  expect(formatCount(999)).toBe("999");
  expect(formatCount(1234)).toBe("1.234");
  expect(formatCount(98_000)).toBe("98.000");
  expect(formatCount(1_234_567)).toBe("1.234.567");
});
