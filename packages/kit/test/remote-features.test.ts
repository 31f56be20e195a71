// The remotes are laid out alike, by feature (docs/decisions/0081-front-end-apps-in-detail.md,
// "Shape: the apps' skeleton"), and no feature imports another: Biome's noRestrictedImports
// (biome.json) refuses it. Each rule is proven here by a file with a forbidden import, written into
// a remote's feature or shared folder for one lint run and removed again; allowed imports in the
// same run must pass, and so must the remotes as they are.
import { describe, expect, test } from "bun:test";
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { type ImportProbe, lintImports, lintProbes, repositoryRoot as root } from "../../../scripts/import-probes.ts";

const otherFeature = "A feature of a remote does not import another feature's files";
const sharedImportsFeature = "`src/shared/` serves the features of its remote and imports none of them.";

/** The remotes laid out by feature: all five (biome.json names each in its feature overrides). */
const laidOut = ["mf-dashboard", "mf-files", "mf-customers", "mf-marketing", "mf-invoices"] as const;

const probes: ImportProbe[] = [
  { folder: "mf-marketing/src/features/contact", imports: "../services/Services", refused: otherFeature },
  {
    folder: "mf-marketing/src/features/contact/components",
    imports: "../../pages/Home",
    refused: otherFeature,
  },
  { folder: "mf-marketing/src/features/contact", imports: "../../shared/components/Icon", refused: null },
  { folder: "mf-marketing/src/features/contact/components", imports: "../messages", refused: null },
  {
    folder: "mf-marketing/src/shared/components",
    imports: "../../features/contact/Contact",
    refused: sharedImportsFeature,
  },
  { folder: "mf-files/src/features/files", imports: "../uploads/upload-queue", refused: otherFeature },
  { folder: "mf-files/src/features/files/api", imports: "../upload-queue", refused: null },
  { folder: "mf-customers/src/features/customers", imports: "../invoices/Invoices", refused: otherFeature },
  { folder: "mf-customers/src/features/customers/components", imports: "../notes", refused: null },
  { folder: "mf-dashboard/src/features/users", imports: "../audit/Audit", refused: otherFeature },
  { folder: "mf-dashboard/src/shared", imports: "../features/users/Users", refused: sharedImportsFeature },
  {
    folder: "mf-invoices/src/features/quotes/components",
    imports: "../../invoices/components/InvoiceEditor",
    refused: otherFeature,
  },
  {
    folder: "mf-invoices/src/features/quotes/components",
    imports: "../../../shared/components/ItemsEditor",
    refused: null,
  },
  {
    folder: "mf-invoices/src/shared/components",
    imports: "../../features/report/Auswertung",
    refused: sharedImportsFeature,
  },
];

function isEmptyFolder(path: string): boolean {
  return statSync(path).isDirectory() && readdirSync(path).length === 0;
}

describe("the remotes' features", () => {
  test("an import of another feature, or of a feature from shared/, is refused by biome lint; one within a feature or of shared/ passes", () => {
    const { exitCode, seen } = lintProbes(probes, "feature-probe", [otherFeature, sharedImportsFeature]);
    expect(exitCode).not.toBe(0);
    expect(seen).toEqual(probes);
  }, 120_000);

  test("each remote laid out by feature has at src/ only its entry files, routes/, features/ and shared/", () => {
    const allowed = new Set(["bootstrap.tsx", "index.ts", "routes", "features", "shared"]);
    const strays = laidOut.flatMap((remote) =>
      readdirSync(join(root, remote, "src"))
        // An empty folder is what a checkout of an older layout may leave; git knows no folders.
        .filter((entry) => !allowed.has(entry) && !isEmptyFolder(join(root, remote, "src", entry)))
        .map((entry) => `${remote}/src/${entry}`),
    );
    expect(strays).toEqual([]);
  });

  test("the remotes as they are keep to the rule", () => {
    const { exitCode, refusals } = lintImports(laidOut.map((remote) => join(root, remote, "src")));
    expect({ exitCode, refusals: [...refusals.keys()] }).toEqual({ exitCode: 0, refusals: [] });
  }, 120_000);
});
