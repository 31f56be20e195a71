import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { repoRoot } from "../src/config.ts";

// `.env` files must never reach a Docker build context, so never an image layer.
// No Docker engine here: `.dockerignore` is read the way Docker reads it (moby/patternmatcher, as
// `docker build` and BuildKit use it), and the paths are checked against it.

interface Pattern {
  exclusion: boolean;
  regex: RegExp;
}

/** Go's filepath.Match syntax plus `**`, as moby/patternmatcher compiles it, to a regular expression. */
function compile(pattern: string): RegExp {
  let source = "^";
  for (let index = 0; index < pattern.length; index++) {
    const character = pattern[index] ?? "";
    if (character === "*") {
      if (pattern[index + 1] === "*") {
        index++;
        // `**/` is zero or more folders; `**` at the end is anything.
        if (pattern[index + 1] === "/") {
          index++;
          source += "(.*/)?";
        } else source += ".*";
      } else source += "[^/]*";
    } else if (character === "?") source += "[^/]";
    else if (character === "[") {
      const end = pattern.indexOf("]", index + 1);
      const set = pattern.slice(index + 1, end).replace(/^\^/, "!");
      source += `[${set.startsWith("!") ? `^${set.slice(1)}` : set}]`;
      index = end;
    } else if (character === "\\") source += `\\${pattern[++index] ?? ""}`;
    else source += character.replace(/[.+^${}()|]/g, "\\$&");
  }
  return new RegExp(`${source}$`);
}

/** The lines of a `.dockerignore`: comments and blanks dropped, each pattern cleaned like Docker does. */
function parseDockerignore(text: string): Pattern[] {
  return text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line !== "" && !line.startsWith("#"))
    .map((line) => {
      const exclusion = line.startsWith("!");
      const cleaned = (exclusion ? line.slice(1).trim() : line)
        .replace(/^\/+/, "")
        .replace(/\/+$/, "")
        .replace(/\/\.\//g, "/")
        .replace(/^\.\//, "");
      return { exclusion, regex: compile(cleaned) };
    });
}

/**
 * Whether `path` (relative, `/`-separated) is left out of the context: the last pattern that
 * matches it or one of its parent folders decides (MatchesOrParentMatches).
 */
function excluded(patterns: Pattern[], path: string): boolean {
  const parts = path.split("/");
  const candidates = parts.map((_, index) => parts.slice(0, index + 1).join("/"));
  let result = false;
  for (const pattern of patterns) {
    if (candidates.some((candidate) => pattern.regex.test(candidate))) result = !pattern.exclusion;
  }
  return result;
}

const patterns = parseDockerignore(await Bun.file(join(repoRoot, ".dockerignore")).text());

describe(".dockerignore, read as Docker reads it", () => {
  test.each([
    ".env",
    ".env.production",
    ".env.local",
    "api/.env",
    "api/.env.production",
    "deploy/.env",
    "shell/src/.env.development",
    "deploy/tls/server.key",
    "deploy/tls/server.pem",
    ".data/jwt-secret",
    "api/.data/jwt-secret",
  ])("%s stays out of the build context", (path) => {
    expect(excluded(patterns, path)).toBe(true);
  });

  test.each([
    "compose.yaml",
    "Dockerfile",
    "api/src/main.ts",
    "api/migrations/017_outbox_retention_and_attack_notices.sql",
    "shell/src/main.tsx",
    "deploy/Caddyfile",
    "package.json",
    "bun.lock",
    ".env.example",
    "api/.env.example",
    "api/src/config.ts",
  ])("%s goes in", (path) => {
    expect(excluded(patterns, path)).toBe(false);
  });

  test("the matcher follows Docker's rules: `*` stays in a folder, `**` crosses them, the last match wins", () => {
    const rules = parseDockerignore("# a comment\n*.log\n!keep.log\ndocs/**\n!docs/README.md\n/build/\n");
    expect(excluded(rules, "server.log")).toBe(true);
    expect(excluded(rules, "logs/server.log")).toBe(false);
    expect(excluded(rules, "keep.log")).toBe(false);
    expect(excluded(rules, "docs/a/b.md")).toBe(true);
    expect(excluded(rules, "docs/README.md")).toBe(false);
    expect(excluded(rules, "build/out.js")).toBe(true);
    expect(excluded(parseDockerignore(".env*"), "api/.env")).toBe(false);
  });
});
