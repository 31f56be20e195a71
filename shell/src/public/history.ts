/**
 * The history entries the shell's router writes (`key` names an entry's kept scroll position,
 * `idx` its place), one shape for the public pages and the portal, so going back through the
 * public pages' entries works once the portal's router has taken over. The shape is the one
 * react-router wrote before (`usr`), so entries of a tab opened with an earlier build still read.
 */
export interface EntryState {
  usr: null;
  key: string;
  idx: number;
}

function isEntryState(value: unknown): value is EntryState {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof (value as EntryState).idx === "number" &&
    typeof (value as EntryState).key === "string"
  );
}

/** The current entry's state, written first if the entry has none yet (the first page). */
export function currentEntry(): EntryState {
  const state: unknown = window.history.state;
  if (isEntryState(state)) return state;
  const entry: EntryState = { usr: null, key: "default", idx: 0 };
  window.history.replaceState(entry, "");
  return entry;
}

function newKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/** Adds an entry for `href` after the current one, or replaces the current one. */
export function writeEntry(href: string, how: "push" | "replace"): EntryState {
  const current = currentEntry();
  const next: EntryState = { usr: null, key: newKey(), idx: how === "push" ? current.idx + 1 : current.idx };
  if (how === "push") window.history.pushState(next, "", href);
  else window.history.replaceState(next, "", href);
  return next;
}
