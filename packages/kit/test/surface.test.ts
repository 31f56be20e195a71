import { expect, test } from "bun:test";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { exportedNames, kitSurfaceVersion, wrappedPackages } from "../surface";

test("the shared kit's version names its package version and a hash of its exports", () => {
  expect(kitSurfaceVersion()).toMatch(/^\d+\.\d+\.\d+-s[0-9a-f]{8}$/);
  expect(kitSurfaceVersion()).toBe(kitSurfaceVersion());
  expect(kitSurfaceVersion(["@klarwerk/kit/browser"])).not.toBe(kitSurfaceVersion());
});

test("the session entry's exports are what the shell provides to remotes", () => {
  const names = exportedNames(join(import.meta.dir, "../src/browser/index.ts"));
  for (const name of ["sessionAtom", "useAuth", "callApi", "apiFetch", "ApiError", "restoreSession", "endSession"]) {
    expect(names).toContain(name);
  }
});

test("export names are read from declarations, lists and re-exports", () => {
  const dir = mkdtempSync(join(tmpdir(), "kit-surface-"));
  writeFileSync(
    join(dir, "entry.ts"),
    [
      'export * from "./more";',
      "export function login() {}",
      "export async function logout() {}",
      "export const sessionAtom = 1;",
      "export interface User {}",
      "export type Session = {};",
      "export class ApiError {}",
      "const a = 1, b = 2;",
      "export { a, b as renamed };",
      "const notExported = 3;",
    ].join("\n"),
  );
  writeFileSync(join(dir, "more.tsx"), "export function useAuth() {}\n");
  expect(exportedNames(join(dir, "entry.ts")).sort()).toEqual(
    ["ApiError", "Session", "User", "a", "login", "logout", "renamed", "sessionAtom", "useAuth"].sort(),
  );
});

test("the UI and query entries carry the major versions of the libraries they re-export", () => {
  expect(wrappedPackages(join(import.meta.dir, "../src/ui.ts"))).toEqual([
    "@mantine/core@9",
    "@mantine/hooks@9",
    "@mantine/modals@9",
  ]);
  // The notifications are an entry of their own, loaded with the first toast (decision 0077).
  expect(wrappedPackages(join(import.meta.dir, "../src/notifications.ts"))).toEqual(["@mantine/notifications@9"]);
  expect(wrappedPackages(join(import.meta.dir, "../src/query.ts"))).toEqual(["@tanstack/react-query@5"]);
  const names = exportedNames(join(import.meta.dir, "../src/ui.ts"));
  for (const name of ["MantineProvider", "Button", "modals", "useDisclosure", "TextInputProps"]) {
    expect(names).toContain(name);
  }
  expect(exportedNames(join(import.meta.dir, "../src/notifications.ts"))).toEqual(
    expect.arrayContaining(["Notifications", "notifications"]),
  );
});

test("a re-export of a package the kit does not depend on is refused", () => {
  const dir = mkdtempSync(join(tmpdir(), "kit-surface-"));
  writeFileSync(join(dir, "entry.ts"), 'export { useState } from "react";\nexport { x } from "left-pad";\n');
  expect(() => wrappedPackages(join(dir, "entry.ts"))).toThrow("left-pad");
});
