// Writes what the shell needs of a release (api/src/modules/releases/shell-needs.json) from the
// sources the shell is built from: each remote's `screens.ts` (the modules the shell's routes
// load) and the kit surface its shared singletons provide. The API reads the file at start and
// so never imports front-end code or parses the kit's sources while it runs. scripts/build.ts
// writes it on every build; api/test/modules/shell-needs.test.ts fails when the committed file
// no longer matches the sources.
//
//   bun scripts/shell-needs.ts
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { federationName, type RemoteName, type RemoteScreens, remoteNames } from "@klarwerk/kit";
import { kitSurfaceVersion } from "@klarwerk/kit/surface";
import { screens as customers } from "../mf-customers/screens.ts";
import { screens as dashboard } from "../mf-dashboard/screens.ts";
import { screens as files } from "../mf-files/screens.ts";
import { screens as invoices } from "../mf-invoices/screens.ts";
import { screens as marketing } from "../mf-marketing/screens.ts";

export interface ShellNeedsFile {
  /** The kit surface version the running shell shares (packages/kit/surface.ts). */
  kitSurface: string;
  /** Per remote, the modules the shell's routes load from it. */
  exposes: Record<RemoteName, string[]>;
}

export const shellNeedsPath = join(import.meta.dir, "../api/src/modules/releases/shell-needs.json");

const screensByRemote: Record<RemoteName, RemoteScreens> = { marketing, dashboard, files, customers, invoices };

/** The shell's needs as the sources say now. */
export function currentShellNeeds(): ShellNeedsFile {
  const exposes = {} as Record<RemoteName, string[]>;
  for (const remote of remoteNames) {
    const listed = screensByRemote[remote];
    if (listed.remote !== federationName(remote)) throw new Error(`screens.ts of ${remote} names ${listed.remote}`);
    exposes[remote] = listed.screens.map((screen) => screen.expose);
  }
  return { kitSurface: kitSurfaceVersion(), exposes };
}

export function shellNeedsText(needs: ShellNeedsFile): string {
  return `${JSON.stringify(needs, null, 2)}\n`;
}

/** Writes the file when it differs; returns whether it did. */
export function writeShellNeeds(): boolean {
  const text = shellNeedsText(currentShellNeeds());
  let old = "";
  try {
    old = readFileSync(shellNeedsPath, "utf8");
  } catch {
    // not written yet
  }
  if (old === text) return false;
  writeFileSync(shellNeedsPath, text);
  return true;
}

if (import.meta.main) {
  console.log(writeShellNeeds() ? `geschrieben: ${shellNeedsPath}` : `unverändert: ${shellNeedsPath}`);
}
