import { federationName, type RemoteName, type RemoteScreens } from "@klarwerk/kit";
import { kitSurfaceVersion } from "@klarwerk/kit/surface";
import { screens as customers } from "@klarwerk/mf-customers/screens";
import { screens as dashboard } from "@klarwerk/mf-dashboard/screens";
import { screens as files } from "@klarwerk/mf-files/screens";
import { screens as invoices } from "@klarwerk/mf-invoices/screens";
import { screens as marketing } from "@klarwerk/mf-marketing/screens";

/**
 * What the running shell needs of a release before anyone may get it: the modules its routes
 * load (each remote's `screens.ts`, the list the shell's router is built from) and the kit
 * surface its shared singletons provide (packages/kit/surface.ts). The API and the shell are
 * built from one tree and deployed together (one image, `bun start`), so the API reads both from
 * the same sources the shell was built from.
 */
export interface ShellNeeds {
  exposes(remote: RemoteName): string[];
  readonly kitSurface: string;
}

const screensByRemote: Record<RemoteName, RemoteScreens> = { marketing, dashboard, files, customers, invoices };

let surface: string | null = null;

export const shellNeeds: ShellNeeds = {
  exposes: (remote) => {
    const listed = screensByRemote[remote];
    if (listed.remote !== federationName(remote)) throw new Error(`screens.ts of ${remote} names ${listed.remote}`);
    return listed.screens.map((screen) => screen.expose);
  },
  get kitSurface() {
    // Computed once: it reads the kit's sources (a few files).
    surface ??= kitSurfaceVersion();
    return surface;
  },
};
