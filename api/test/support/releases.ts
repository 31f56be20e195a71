import { federationName, type RemoteName } from "@klarwerk/kit";
import { kitSurfaceVersion, sharedKitEntries } from "@klarwerk/kit/surface";
import { shellNeeds } from "../../src/modules/releases/shell-needs.ts";

/**
 * A remote's `mf-manifest.json` as its build writes it (the parts the API reads): the exposes the
 * shell's routes need and the kit entries shared at the current kit surface, unless told otherwise.
 */
export function releaseManifest(
  remote: RemoteName,
  {
    kitSurface = kitSurfaceVersion(),
    exposes = shellNeeds.exposes(remote),
  }: { kitSurface?: string; exposes?: string[] } = {},
): string {
  const name = federationName(remote);
  return JSON.stringify({
    id: name,
    name,
    metaData: { name, publicPath: "auto", remoteEntry: { name: "remoteEntry.js", path: "", type: "global" } },
    shared: [
      { id: `${name}:react`, name: "react", version: "19.3.1", singleton: true },
      ...sharedKitEntries.map((entry) => ({
        id: `${name}:${entry}`,
        name: entry,
        version: kitSurface,
        singleton: true,
      })),
    ],
    remotes: [],
    exposes: exposes.map((expose) => ({ id: `${name}:${expose}`, name: expose, path: `./${expose}` })),
  });
}

/** A tar.gz of a small `dist/`: manifest, remote entry (naming `marker`), one hashed chunk. */
export async function releaseArchive(
  remote: RemoteName,
  marker: string,
  options: { kitSurface?: string; exposes?: string[]; extra?: Record<string, string> } = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const archive = new Bun.Archive(
    {
      "mf-manifest.json": releaseManifest(remote, options),
      "remoteEntry.js": `window.__release = ${JSON.stringify(marker)};`,
      "static/js/index.0123abcd.js": `console.log(${JSON.stringify(marker)});`,
      ...options.extra,
    },
    { compress: "gzip" },
  );
  return new Uint8Array(await (await archive.blob()).arrayBuffer());
}
