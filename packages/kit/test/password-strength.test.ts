import { expect, onTestFinished, spyOn, test } from "bun:test";
import { join } from "node:path";
import { Options } from "@zxcvbn-ts/core";
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

// How quick a check is belongs in a bench, not a test (a loaded machine took 75 ms where an idle one
// takes 30): this checks what makes later checks quick, that the dictionaries are ranked (zxcvbn's
// costly set-up) at most once, however many passwords are judged.
test("the dictionaries are ranked at most once, however many checks", () => {
  const ranked = spyOn(Options.prototype as unknown as { setRankedDictionaries(): void }, "setRankedDictionaries");
  onTestFinished(() => ranked.mockRestore());
  for (const password of ["Aufwärmen-vor-dem-Messen", "Wolke-Laterne-Kaffee", "Mustermann2024"]) {
    judgePassword(password, owner);
  }
  expect(ranked.mock.calls.length).toBeLessThanOrEqual(1);
});

test("the kit root does not carry the dictionaries: only its own entry exports the check", () => {
  const rootNames = exportedNames(join(import.meta.dir, "../src/index.ts"));
  expect(rootNames).not.toContain("judgePassword");
  expect(rootNames).toContain("passwordStrengthMessages");
});
