import { expect, test } from "bun:test";
import { tmpdir } from "node:os";
import { join, relative, sep } from "node:path";

const root = join(import.meta.dir, "..", "..");

/**
 * The API shares rules, types and messages with the browser through `@klarwerk/kit`, whose root
 * entry must stay free of React and browser state: a server that bundled react or jotai would
 * carry (and start) code it never needs. Biome's noRestrictedImports catches direct imports in
 * api/; this bundles the server as `bun build` would and looks at every file it pulled in, so an
 * indirect import through the kit is caught too.
 */
test("the API's server bundle contains no React, jotai, Mantine, browser kit code or front-end files", async () => {
  const loaded = new Set<string>();
  const result = await Bun.build({
    entrypoints: [join(root, "api/src/main.ts")],
    target: "bun",
    outdir: join(tmpdir(), `klarwerk-api-bundle-${process.pid}`),
    plugins: [
      {
        name: "record-loaded-files",
        setup(build) {
          build.onLoad({ filter: /.*/ }, (args) => {
            loaded.add(relative(root, args.path).split(sep).join("/"));
            return undefined;
          });
        },
      },
    ],
  });
  expect(result.success).toBe(true);
  expect(loaded.size).toBeGreaterThan(20);
  expect([...loaded].some((path) => path.startsWith("packages/kit/src/"))).toBe(true);
  const forbidden = [...loaded].filter((path) =>
    /^node_modules\/(react|react-dom|jotai|@mantine\/[^/]+|@tanstack\/react-query|react-router)\/|^packages\/kit\/src\/(browser|portal|query|standalone|screen-header|icons)/.test(
      path,
    ),
  );
  expect(forbidden).toEqual([]);
  // What the API needs of the front-ends is written at build time (scripts/shell-needs.ts).
  expect([...loaded].filter((path) => /^(mf-[a-z]+|shell)\//.test(path))).toEqual([]);
}, 60_000);
