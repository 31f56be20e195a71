import type { RegistryRemote } from "@klarwerk/kit";

/**
 * Whether the portal must start in a document of its own when a visitor leaves the public pages.
 * The server gives a public page a Content-Security-Policy that allows only the origins of the
 * remotes it shows (docs/decisions/0083-serving-federation-and-configuration.md, "Many origins when a team
 * wants one"): a portal remote served from another origin, or its fallback release, would be refused in it,
 * so the portal's page (whose policy allows every remote's origin) is loaded instead. Remotes on our own
 * origin need no new document.
 */
export function portalNeedsOwnDocument(
  registry: Readonly<Record<string, RegistryRemote>>,
  publicRemotes: ReadonlySet<string>,
  pageUrl: string,
): boolean {
  const here = new URL(pageUrl).origin;
  return Object.entries(registry).some(
    ([name, remote]) =>
      !publicRemotes.has(name) &&
      [remote.entry, remote.previous?.entry].some(
        (entry) => entry !== undefined && new URL(entry, pageUrl).origin !== here,
      ),
  );
}
