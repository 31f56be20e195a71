import type { SharedModuleConfig, SharedName } from "@klarwerk/kit/federation";
import type { ModuleFederationRuntimePlugin } from "@module-federation/runtime";

/**
 * Refuses a remote built against another kit surface than this shell provides, as soon as its
 * manifest is read and before any of its code runs. The runtime's own strictVersion check happens
 * later, while the remote resolves its shared modules, and not on every path: now and then it
 * handed the remote an undefined kit module instead of refusing it, and the remote crashed in
 * render. Refusing here makes the load fail the same way every time, so the slot shows its
 * fallback (and the previous release is tried).
 */
export function kitGuard(provided: Record<SharedName, SharedModuleConfig>): ModuleFederationRuntimePlugin {
  const strict = new Map(
    Object.entries(provided)
      .filter(([, config]) => config.strictVersion)
      .map(([name, config]) => [name, config.version]),
  );
  return {
    name: "klarwerk-kit-guard",
    loadRemoteSnapshot(args) {
      for (const { sharedName, version } of args.remoteSnapshot.shared ?? []) {
        const own = strict.get(sharedName);
        if (own !== undefined && version !== own) {
          throw new Error(
            `${sharedName} does not satisfy ${args.moduleInfo.name}: it was built against ${version}, the shell provides ${own}`,
          );
        }
      }
      return args;
    },
  };
}
