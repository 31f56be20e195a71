import { expect, test } from "bun:test";
import { join } from "node:path";
import { passwordStrengthMessages } from "../src/messages";
import { judgePassword, minimumPasswordScore, personalWords } from "../src/password-strength";
import { exportedNames } from "../surface";

const { reasons, advice } = passwordStrengthMessages;
const owner = { name: "Erika Mustermann", email: "erika.mustermann@beispiel-firma.de" };

test.each([
  ["123456", reasons.common],
  ["passwort", reasons.common],
  ["qwertz", reasons.keyboard],
  ["      ", reasons.repeat],
  ["abcdef", reasons.sequence],
  ["Mustermann2024", reasons.personal],
  ["erika.mustermann", reasons.personal],
  ["beispiel-firma", reasons.personal],
])("%p is refused: %s", (password, reason) => {
  const verdict = judgePassword(password, owner);
  expect(verdict.acceptable).toBe(false);
  expect(verdict.score).toBeLessThan(minimumPasswordScore);
  expect(verdict.message).toBe(`${reason} ${advice}`);
});

test("passphrases are accepted, one with the owner's first name among other words too", () => {
  for (const password of ["Blaue Tasse schwimmt im Keller", "Erika trinkt Kaffee am Fjord", "Tinte Fjord Sattel 93"]) {
    expect(judgePassword(password, owner)).toEqual({ score: expect.any(Number), acceptable: true, message: null });
  }
});

test("the personal words are the parts of name and address long enough to matter", () => {
  expect(personalWords({ name: " Li Mustermann-Wu ", email: "li.wu+test@de.example.org" }).sort()).toEqual(
    ["li mustermann-wu", "li.wu+test", "mustermann", "test"].sort(),
  );
});

test("a check after the first is quick: the dictionaries are ranked once", () => {
  judgePassword("Aufwärmen-vor-dem-Messen", owner);
  const started = performance.now();
  for (let round = 0; round < 20; round++) judgePassword(`Wolke-Laterne-${round}-Kaffee`, owner);
  expect((performance.now() - started) / 20).toBeLessThan(50);
});

test("the kit root does not carry the dictionaries: only its own entry exports the check", () => {
  const rootNames = exportedNames(join(import.meta.dir, "../src/index.ts"));
  expect(rootNames).not.toContain("judgePassword");
  expect(rootNames).toContain("passwordStrengthMessages");
});
