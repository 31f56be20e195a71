// The API's layers point one way (docs/architecture.md, "API modules and boundaries"), enforced by
// Biome's noRestrictedImports (biome.json). Each rule is proven here by a file with a forbidden
// import, written into the layer's folder for one lint run and removed again; downward imports in
// the same run must pass, and so must the tree as it is.
import { describe, expect, test } from "bun:test";
import { join } from "node:path";
import { type ImportProbe, lintImports, lintProbes, repositoryRoot } from "../../scripts/import-probes.ts";

const upward = "Layers point one way";
const frontEnd = "The API does not import the front-ends";
const moduleInside = "An API module is reached only through its public file";

const probes: ImportProbe[] = [
  { folder: "api/src/lib", imports: "../db/open.ts", refused: upward },
  { folder: "api/src/lib", imports: "../storage/blob-store.ts", refused: upward },
  { folder: "api/src/db", imports: "../http/errors.ts", refused: upward },
  { folder: "api/src/db", imports: "../mail/templates.ts", refused: upward },
  { folder: "api/src/db", imports: "../lib/schedule-every.ts", refused: null },
  { folder: "api/src/http", imports: "../modules/audit/index.ts", refused: upward },
  { folder: "api/src/http", imports: "../backup/runs.ts", refused: upward },
  { folder: "api/src/http", imports: "../web/routes.ts", refused: upward },
  { folder: "api/src/http", imports: "../db/audit-append.ts", refused: null },
  { folder: "api/src/storage", imports: "../modules/files/index.ts", refused: upward },
  { folder: "api/src/storage", imports: "../db/open.ts", refused: null },
  { folder: "api/src/mail", imports: "../modules/audit/index.ts", refused: upward },
  { folder: "api/src/mail", imports: "../backup/job.ts", refused: upward },
  { folder: "api/src/modules/files", imports: "../../backup/runs.ts", refused: upward },
  { folder: "api/src/modules/releases", imports: "../../web/routes.ts", refused: upward },
  { folder: "api/src/modules/files", imports: "../audit/store.ts", refused: moduleInside },
  { folder: "api/src/modules/files", imports: "../audit/index.ts", refused: null },
  { folder: "api/src/modules/releases", imports: "@klarwerk/mf-dashboard/screens", refused: frontEnd },
  { folder: "api/src/modules/releases", imports: "../../../../shell/src/main.tsx", refused: frontEnd },
  { folder: "api/src/backup", imports: "../../../mf-files/screens.ts", refused: frontEnd },
  { folder: "api/src/backup", imports: "../modules/files/index.ts", refused: null },
  { folder: "api/src/web", imports: "@klarwerk/shell/rsbuild.config.ts", refused: frontEnd },
  { folder: "api/src/web", imports: "../modules/releases/serve.ts", refused: moduleInside },
  { folder: "api/src/web", imports: "../modules/releases/index.ts", refused: null },
  { folder: "api/src", imports: "@klarwerk/mf-files/screens", refused: frontEnd },
];

describe("the API's layers", () => {
  test("an import against the direction is refused by biome lint, naming the rule; a downward one passes", () => {
    const { exitCode, seen } = lintProbes(probes, "layer-probe", [upward, frontEnd, moduleInside]);
    expect(exitCode).not.toBe(0);
    expect(seen).toEqual(probes);
  }, 60_000);

  test("the API's sources as they are keep to the layers", () => {
    const { exitCode, refusals } = lintImports([join(repositoryRoot, "api/src")]);
    expect({ exitCode, refusals: [...refusals.keys()] }).toEqual({ exitCode: 0, refusals: [] });
  }, 60_000);
});
