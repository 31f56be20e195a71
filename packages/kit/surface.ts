/**
 * The version under which the kit's federation singletons are shared, derived from what they
 * export. The shell provides one build of `@klarwerk/kit/browser`, `/query`, `/ui` and `/portal`
 * to every remote; a remote built against a kit whose shared entries export other names than the
 * running shell's would crash on a missing export, and one built against another major version
 * of a library an entry re-exports (Mantine, TanStack Query) would run on an API it was not
 * written for. Shared with this version as an exact requirement and `strictVersion`, such a
 * remote fails to load instead, and the shell shows its German fallback in the remote's slot.
 * Build-time only (read by federation.ts).
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import kitPackage from "./package.json" with { type: "json" };

/** The kit entries shared as singletons, by their package specifier. */
export const sharedKitEntries = [
  "@klarwerk/kit/browser",
  "@klarwerk/kit/query",
  "@klarwerk/kit/ui",
  "@klarwerk/kit/ui-extra",
  "@klarwerk/kit/portal",
] as const;

const declaration =
  /^export\s+(?:declare\s+)?(?:default\s+)?(?:async\s+)?(?:function\*?|const|let|var|class|interface|type|enum|abstract\s+class)\s+([A-Za-z_$][\w$]*)/gm;
const reexportAll = /^export\s+\*\s+from\s+["'](\.{1,2}\/[^"']+)["']/gm;
const namedList = /^export\s+(?:type\s+)?\{([^}]*)\}/gm;
const packageReexport = /^export\s+(?:type\s+)?(?:\*|\{[^}]*\})\s+from\s+["']([^."'][^"']*)["']/gm;

function resolveSource(from: string, specifier: string): string {
  const base = join(dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, join(base, "index.ts")]) {
    try {
      readFileSync(candidate);
      return candidate;
    } catch {
      // try the next extension
    }
  }
  throw new Error(`kit surface: cannot resolve ${specifier} from ${from}`);
}

/** Every name a module exports, following `export * from "./x"` into the kit's own files. */
export function exportedNames(file: string, seen: Set<string> = new Set()): string[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const source = readFileSync(file, "utf8");
  const names: string[] = [];
  for (const match of source.matchAll(declaration)) if (match[1]) names.push(match[1]);
  for (const match of source.matchAll(namedList)) {
    for (const part of (match[1] ?? "").split(",")) {
      const name = part
        .trim()
        .replace(/^type\s+/, "")
        .split(/\s+as\s+/)
        .at(-1);
      if (name) names.push(name);
    }
  }
  for (const match of source.matchAll(reexportAll)) {
    if (match[1]) names.push(...exportedNames(resolveSource(file, match[1]), seen));
  }
  return names;
}

function entryFile(specifier: string): string {
  const subpath = `.${specifier.slice("@klarwerk/kit".length)}` as keyof typeof kitPackage.exports;
  const target = kitPackage.exports[subpath];
  if (!target) throw new Error(`kit surface: package.json does not export ${specifier}`);
  return join(import.meta.dirname, target);
}

/** The packages a module re-exports from (`export { x } from "pkg"`), as `pkg@<major>` of the kit's dependencies. */
export function wrappedPackages(file: string): string[] {
  const dependencies: Record<string, string> = kitPackage.dependencies;
  const packages = new Set<string>();
  for (const match of readFileSync(file, "utf8").matchAll(packageReexport)) {
    const specifier = match[1] ?? "";
    const parts = specifier.split("/");
    const name = specifier.startsWith("@") ? parts.slice(0, 2).join("/") : (parts[0] ?? "");
    const version = dependencies[name];
    if (!version) throw new Error(`kit surface: ${file} re-exports ${name}, which is not a dependency of the kit`);
    packages.add(`${name}@${version.replace(/^[\^~]/, "").split(".")[0]}`);
  }
  return [...packages].sort();
}

/**
 * `<package version>-s<8 hex>`: the same for two builds exactly when the shared entries export the
 * same names and re-export the same major versions of their libraries.
 */
export function kitSurfaceVersion(entries: readonly string[] = sharedKitEntries): string {
  const surface = entries.map((entry) => {
    const file = entryFile(entry);
    const names = [...new Set(exportedNames(file))].sort().join(",");
    return `${entry}:${names}|${wrappedPackages(file).join(",")}`;
  });
  const hash = createHash("sha256").update(surface.join("\n")).digest("hex").slice(0, 8);
  return `${kitPackage.version}-s${hash}`;
}
