import { federationName, type Release, type RemoteName } from "@klarwerk/kit";
import { kitSurfaceVersion, sharedKitEntries } from "@klarwerk/kit/surface";
import { shellNeeds } from "../../src/modules/releases/shell-needs.ts";
import { callJson, type Handler } from "./http.ts";

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

type ReleaseDistOptions = { kitSurface?: string; exposes?: string[]; extra?: Record<string, string> };

/** A small `dist/` by path: manifest, remote entry (naming `marker`), one hashed chunk. */
export function releaseDist(
  remote: RemoteName,
  marker: string,
  options: ReleaseDistOptions = {},
): Record<string, string> {
  return {
    "mf-manifest.json": releaseManifest(remote, options),
    "remoteEntry.js": `window.__release = ${JSON.stringify(marker)};`,
    "static/js/index.0123abcd.js": `console.log(${JSON.stringify(marker)});`,
    ...options.extra,
  };
}

/** A tar.gz of `releaseDist`. */
export async function releaseArchive(
  remote: RemoteName,
  marker: string,
  options: ReleaseDistOptions = {},
): Promise<Uint8Array<ArrayBuffer>> {
  const archive = new Bun.Archive(releaseDist(remote, marker, options), { compress: "gzip" });
  return new Uint8Array(await (await archive.blob()).arrayBuffer());
}

/** Uploads `releaseDist(remote, marker)` as `version` as `bun run release` does; fails the test unless stored. */
export async function uploadRelease(
  app: Handler,
  token: string,
  remote: RemoteName,
  version: string,
  marker: string,
): Promise<{ release: Release; files: Record<string, string> }> {
  const query = new URLSearchParams({ remote: `mf-${remote}`, version });
  const answer = await callJson<{ release: Release }>(app, `/api/releases/upload?${query}`, {
    token,
    body: await releaseArchive(remote, marker),
    headers: { "content-type": "application/octet-stream" },
  });
  if (answer.status !== 201) throw new Error(`the upload of ${version} answered ${answer.status}`);
  return { release: answer.body.release, files: releaseDist(remote, marker) };
}

/** Where an uploaded release's file is served: `/remotes/mf-<name>/releases/<version>/<path>`. */
export function releaseFileUrl(remote: RemoteName, version: string, path: string): string {
  return `/remotes/mf-${remote}/releases/${encodeURIComponent(version)}/${path}`;
}

/**
 * The tickets `/remotes.json` gives `count` new visitors (random ids) that get `version` of the
 * remote: what their shells send with their load and error reports. Fails after 1000 visitors.
 */
export async function visitorTickets(
  app: Handler,
  remote: RemoteName,
  version: string,
  count: number,
): Promise<string[]> {
  const tickets: string[] = [];
  for (let attempt = 0; tickets.length < count; attempt++) {
    if (attempt >= 1000) throw new Error(`no ${count} visitors got ${version} of ${remote}`);
    const answer = await callJson<Record<string, { version: string | null; ticket: string | null }>>(
      app,
      `/remotes.json?visitor=${crypto.randomUUID()}`,
    );
    const entry = answer.body[federationName(remote)];
    if (entry?.version === version && entry.ticket) tickets.push(entry.ticket);
  }
  return tickets;
}
