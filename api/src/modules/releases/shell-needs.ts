import type { RemoteName } from "@klarwerk/kit";
import needs from "./shell-needs.json" with { type: "json" };

/**
 * What the running shell needs of a release before anyone may get it: the modules its routes
 * load (each remote's `screens.ts`, the list the shell's router is built from) and the kit
 * surface its shared singletons provide (packages/kit/surface.ts). The API and the shell are
 * built from one tree and deployed together (one image, `bun start`); `shell-needs.json` is
 * written from the shell's sources by scripts/shell-needs.ts (on every build, and checked against
 * them by a test), so the API reads no front-end code and parses no kit source while it runs.
 */
export interface ShellNeeds {
  exposes(remote: RemoteName): string[];
  readonly kitSurface: string;
}

const exposesByRemote: Record<RemoteName, readonly string[]> = needs.exposes;

export const shellNeeds: ShellNeeds = {
  exposes: (remote) => [...exposesByRemote[remote]],
  kitSurface: needs.kitSurface,
};
