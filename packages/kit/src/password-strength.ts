/**
 * How easy a password is to guess, judged by zxcvbn with common, German and English dictionaries
 * and keyboard layouts. Its own kit entry (`@klarwerk/kit/password-strength`), never exported
 * from the root: the dictionaries are about 1 MB, so a browser page imports this lazily and only
 * where a password is chosen. The API refuses what this refuses, with the same German reason.
 */
import { type FeedbackType, ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary as commonDictionary } from "@zxcvbn-ts/language-common";
import { dictionary as germanDictionary } from "@zxcvbn-ts/language-de";
import { dictionary as englishDictionary } from "@zxcvbn-ts/language-en";
import { passwordStrengthMessages } from "./messages";

/** zxcvbn's scale: 0 (guessed at once) to 4 (very hard); 3 is "safely unguessable" online. */
export type PasswordScore = 0 | 1 | 2 | 3 | 4;

/** Passwords scoring below this are refused. */
export const minimumPasswordScore = 3;

export interface PasswordVerdict {
  score: PasswordScore;
  acceptable: boolean;
  /** Null when acceptable; else the German reason and advice, as the API words its 422. */
  message: string | null;
}

/** Whose password it is: it must not be built from their own name or address. */
export interface PasswordOwner {
  name?: string;
  email?: string;
}

type ReasonKey = keyof typeof passwordStrengthMessages.reasons;

/** zxcvbn's warning keys (its translations left at their keys) mapped to our German reasons. */
const reasonOfWarning: Record<string, ReasonKey> = {
  straightRow: "keyboard",
  keyPattern: "keyboard",
  simpleRepeat: "repeat",
  extendedRepeat: "repeat",
  sequences: "sequence",
  recentYears: "date",
  dates: "date",
  topTen: "common",
  topHundred: "common",
  common: "common",
  pwned: "common",
  similarToCommon: "similarToCommon",
  wordByItself: "singleWord",
  namesByThemselves: "names",
  commonNames: "names",
  userInputs: "personal",
};

let factory: ZxcvbnFactory | null = null;

/**
 * Built on first use and kept: ranking the dictionaries takes ~150 ms, a check then at most ~30 ms.
 * The defaults cost far more, and the server checks whatever a stranger sends: with up to 100
 * l33t substitutions a random 64-character password took 2.3 s, so 4 ("p4ssw0rt" is still
 * found); only the first 64 characters are judged (a password that long is strong unless its
 * start is not); no Levenshtein matching (~100 ms a check, too slow on every key stroke).
 */
function zxcvbn(): ZxcvbnFactory {
  factory ??= new ZxcvbnFactory({
    dictionary: { ...commonDictionary, ...germanDictionary, ...englishDictionary },
    graphs: adjacencyGraphs,
    l33tMaxSubstitutions: 4,
    maxLength: 64,
  });
  return factory;
}

/** The parts of a name and an e-mail address someone might build a password from. */
export function personalWords({ name = "", email = "" }: PasswordOwner): string[] {
  const [local = "", domain = ""] = email.trim().toLowerCase().split("@");
  const words = [
    name.trim().toLowerCase(),
    ...name.toLowerCase().split(/[\s.,_+-]+/),
    local,
    ...local.split(/[\s.,_+-]+/),
    domain.split(".")[0] ?? "",
  ];
  // Shorter parts ("li", "de") occur in any password by chance.
  return [...new Set(words.filter((word) => word.length >= 3))];
}

/** The password with every personal word taken out (longest first), or null when none occurs. */
function withoutPersonalWords(password: string, words: string[]): string | null {
  let rest = password.toLowerCase();
  for (const word of [...words].sort((a, b) => b.length - a.length)) rest = rest.split(word).join("");
  return rest.length === password.length ? null : rest;
}

function refusal(reason: ReasonKey): string {
  return `${passwordStrengthMessages.reasons[reason]} ${passwordStrengthMessages.advice}`;
}

function reasonOf(feedback: FeedbackType): ReasonKey {
  return (feedback.warning && reasonOfWarning[feedback.warning]) || "tooSimple";
}

/**
 * The verdict on `password` (length rules are checked elsewhere). Refused: a score below
 * `minimumPasswordScore`, and a password that, without its owner's name and address parts, would
 * be (so "Mustermann2024" and "erika.mustermann" are refused, a passphrase that merely contains
 * the first name is not).
 */
export function judgePassword(password: string, owner: PasswordOwner = {}): PasswordVerdict {
  const words = personalWords(owner);
  const result = zxcvbn().check(password, words);
  const score = result.score as PasswordScore;
  // Named first when it applies: zxcvbn may see "schmidt" as a common surname, but the person
  // should hear that it is theirs.
  const rest = withoutPersonalWords(password, words);
  if (rest !== null && zxcvbn().check(rest).score < minimumPasswordScore) {
    return {
      score: Math.min(score, minimumPasswordScore - 1) as PasswordScore,
      acceptable: false,
      message: refusal("personal"),
    };
  }
  if (score < minimumPasswordScore) return { score, acceptable: false, message: refusal(reasonOf(result.feedback)) };
  return { score, acceptable: true, message: null };
}
