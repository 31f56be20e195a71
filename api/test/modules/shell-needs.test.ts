// The API reads what the shell needs of a release from a committed file (the API imports no
// front-end code). That file must say what the remotes' screens.ts and the kit say: otherwise a
// release missing a screen would be accepted, or a good one refused. Run `bun scripts/shell-needs.ts`
// (or build) after changing a screen list or the kit's shared entries.
import { describe, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { remoteNames } from "@klarwerk/kit";
import { currentShellNeeds, shellNeedsPath } from "../../../scripts/shell-needs.ts";
import { shellNeeds } from "../../src/modules/releases/shell-needs.ts";

describe("the shell's needs", () => {
  test("the committed shell-needs.json matches the remotes' screens.ts and the kit surface", () => {
    expect(JSON.parse(readFileSync(shellNeedsPath, "utf8"))).toEqual(currentShellNeeds());
  });

  test("the API checks releases against exactly those needs", () => {
    const current = currentShellNeeds();
    expect(shellNeeds.kitSurface).toBe(current.kitSurface);
    for (const remote of remoteNames)
      expect({ remote, exposes: shellNeeds.exposes(remote) }).toEqual({ remote, exposes: current.exposes[remote] });
  });
});
