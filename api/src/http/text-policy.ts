import { Elysia } from "elysia";
import { HttpError } from "./errors.ts";
import { httpMessages } from "./messages.ts";

/** U+0000, or a surrogate without its partner (in `u` mode a valid pair is one astral character). */
const unstorableCharacter = /[\0\p{Cs}]/u;

/**
 * Whether Postgres can store `text` exactly as it is: UTF-8 text holds every Unicode character
 * but U+0000 (the server refuses the statement), and a lone surrogate has no UTF-8 form at all
 * (the driver would store U+FFFD instead).
 */
export function isStorableText(text: string): boolean {
  return !unstorableCharacter.test(text);
}

function unstorable(): HttpError {
  return new HttpError(400, "unstorable-text", httpMessages.unstorableText);
}

/**
 * Refuses (400) any text in `value` that `isStorableText` does not accept: a string, or every
 * string and key at any depth of an array or object. Walked with a stack of its own, so a deeply
 * nested body cannot overflow the call stack.
 */
export function requireStorableText(value: unknown): void {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next === "string") {
      if (!isStorableText(next)) throw unstorable();
    } else if (Array.isArray(next)) {
      for (const item of next) pending.push(item);
    } else if (next !== null && typeof next === "object") {
      for (const [key, item] of Object.entries(next)) {
        if (!isStorableText(key)) throw unstorable();
        pending.push(item);
      }
    }
  }
}

/**
 * The one place that decides which text a request may carry: every route's JSON body, query
 * string and path parameters, checked in `transform` (after parsing, before validation and any
 * handler), so no text Postgres cannot store reaches a statement and none is stored altered.
 * Streamed bodies (uploads) are not parsed by Elysia: their reader applies `requireStorableText`
 * to each field value and file name. Lengths are each field's own rule.
 */
export const textPolicy = new Elysia({ name: "text-policy" }).onTransform(
  { as: "global" },
  ({ body, query, params }) => {
    requireStorableText(params);
    requireStorableText(query);
    requireStorableText(body);
  },
);
