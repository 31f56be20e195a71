import { request as httpRequest } from "node:http";
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
 * A handler that sends each request over a real socket to the server at `origin` (http://host:port)
 * from `localAddress`: on Linux every 127.x.y.z is this machine, so a test can be a visitor from
 * 100 networks (127.0.x.1) without a proxy. Bun's fetch cannot choose its source address.
 */
export function fromAddress(origin: string, localAddress: string): Handler {
  return {
    async handle(request) {
      const url = new URL(request.url);
      const target = new URL(origin);
      const body = request.body ? Buffer.from(await request.arrayBuffer()) : null;
      const headers = Object.fromEntries(request.headers);
      if (body) headers["content-length"] = String(body.byteLength);
      return new Promise<Response>((resolve, reject) => {
        const outgoing = httpRequest(
          {
            host: target.hostname,
            port: target.port,
            path: `${url.pathname}${url.search}`,
            method: request.method,
            headers,
            localAddress,
            agent: false,
          },
          (incoming) => {
            const chunks: Buffer[] = [];
            incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
            incoming.on("end", () => {
              const answer = new Headers();
              for (const [name, value] of Object.entries(incoming.headers)) {
                if (typeof value === "string") answer.set(name, value);
              }
              const status = incoming.statusCode ?? 500;
              resolve(new Response(status === 204 ? null : Buffer.concat(chunks), { status, headers: answer }));
            });
            incoming.on("error", reject);
          },
        );
        outgoing.on("error", reject);
        outgoing.end(body ?? undefined);
      });
    },
  };
}

/** The loopback address of network `index` (0–255): one /24 each, `127.0.<index>.1`. */
export function loopbackNetwork(index: number, host = 1): string {
  return `127.0.${index}.${host}`;
}

/**
 * The tickets `/remotes.json` gives `count` new visitors (random ids) that get `version` of the
 * remote: what their shells send with their load and error reports. Fails after 1000 visitors.
 * `app` answers every visitor alike; a function of the visitor's index gives each its own (a
 * `fromAddress` of its own network: a canary counts networks).
 */
export async function visitorTickets(
  app: Handler | ((index: number) => Handler),
  remote: RemoteName,
  version: string,
  count: number,
): Promise<string[]> {
  const tickets: string[] = [];
  for (let attempt = 0; tickets.length < count; attempt++) {
    if (attempt >= 1000) throw new Error(`no ${count} visitors got ${version} of ${remote}`);
    const answer = await callJson<Record<string, { version: string | null; ticket: string | null }>>(
      typeof app === "function" ? app(tickets.length) : app,
      `/remotes.json?visitor=${crypto.randomUUID()}`,
    );
    const entry = answer.body[federationName(remote)];
    if (entry?.version === version && entry.ticket) tickets.push(entry.ticket);
  }
  return tickets;
}

/** A tar entry: a file with its text, or a folder (its path ends in `/`). */
export type TarEntry = { path: string; text?: string | Uint8Array };

/**
 * A ustar archive of these entries in this order, as any tar writes them (`Bun.Archive` writes
 * no folders and no path twice); gzipped unless told otherwise.
 */
export function tarArchive(entries: TarEntry[], { gzip = true }: { gzip?: boolean } = {}): Uint8Array<ArrayBuffer> {
  const encoder = new TextEncoder();
  const blocks: Uint8Array[] = [];
  for (const entry of entries) {
    const folder = entry.path.endsWith("/");
    const data =
      typeof entry.text === "string" || entry.text === undefined ? encoder.encode(entry.text ?? "") : entry.text;
    const header = new Uint8Array(512);
    const put = (offset: number, text: string) => header.set(encoder.encode(text), offset);
    put(0, entry.path);
    put(100, folder ? "0000755\0" : "0000644\0");
    put(108, "0000000\0");
    put(116, "0000000\0");
    put(124, `${data.byteLength.toString(8).padStart(11, "0")}\0`);
    put(136, "14500000000\0");
    put(148, "        ");
    put(156, folder ? "5" : "0");
    put(257, "ustar\0");
    put(263, "00");
    const sum = header.reduce((total, byte) => total + byte, 0);
    put(148, `${sum.toString(8).padStart(6, "0")}\0 `);
    blocks.push(header);
    if (!folder) {
      blocks.push(data);
      const padding = (512 - (data.byteLength % 512)) % 512;
      if (padding > 0) blocks.push(new Uint8Array(padding));
    }
  }
  blocks.push(new Uint8Array(1024));
  const tar = new Uint8Array(Buffer.concat(blocks));
  return gzip ? new Uint8Array(Bun.gzipSync(tar)) : tar;
}
