import * as kitBrowser from "@klarwerk/kit/browser";
import type { SharedModuleConfig, SharedName } from "@klarwerk/kit/federation";
import injectExternalRuntimeCore from "@module-federation/inject-external-runtime-core-plugin";
import { createInstance, type ModuleFederation } from "@module-federation/runtime";
import * as jotai from "jotai";
import * as React from "react";
import * as ReactDOM from "react-dom";
import { kitGuard } from "./kit-guard";

/** Set by rsbuild.config.ts from `sharedModuleConfigs` (@klarwerk/kit/federation). */
declare const KLARWERK_SHARED_MODULES: Record<SharedName, SharedModuleConfig>;

type Provide = { lib: () => unknown } | { get: () => Promise<() => unknown> };

const lazily = (load: () => Promise<unknown>): Provide => ({ get: () => load().then((module) => () => module) });

/**
 * The shell's own copy of every shared module, as the remotes get it. What the public pages run
 * anyway (React, jotai, the session) is handed over as it is; the portal's modules load when a
 * remote first asks for them, from the same chunks the shell's own portal code uses, so there is
 * one instance of each on the page whichever side loads it first.
 */
const provided: Record<SharedName, Provide> = {
  react: { lib: () => React },
  "react-dom": { lib: () => ReactDOM },
  jotai: { lib: () => jotai },
  "@klarwerk/kit/browser": { lib: () => kitBrowser },
  "@klarwerk/kit/query": lazily(() => import("@klarwerk/kit/query")),
  "@klarwerk/kit/ui": lazily(() => import("@klarwerk/kit/ui")),
  "@klarwerk/kit/ui-extra": lazily(() => import("@klarwerk/kit/ui-extra")),
  "@klarwerk/kit/portal": lazily(() => import("@klarwerk/kit/portal")),
};

/**
 * The federation runtime of the page, loaded the first time a remote is needed
 * (docs/decisions/0081-front-end-apps-in-detail.md, "Public pages"): the shell is a host through the
 * runtime's API rather than the build plugin, so a first visit of a public page runs no federation code at
 * all. The runtime is also the one every remote uses (`externalRuntime` in their builds): the plugin below
 * hands it to them.
 */
export const federation: ModuleFederation = createInstance({
  name: "shell",
  remotes: [],
  // 'version-first' would fetch every registered remote's entry on the first shared load just to
  // compare versions: on "/" that is four portal remotes a visitor never needs.
  shareStrategy: "loaded-first",
  shared: Object.fromEntries(
    Object.entries(KLARWERK_SHARED_MODULES).map(([name, { version, ...shareConfig }]) => [
      name,
      { version, shareConfig, ...provided[name as SharedName] },
    ]),
  ),
  plugins: [injectExternalRuntimeCore(), kitGuard(KLARWERK_SHARED_MODULES)],
});
