import { stat } from "node:fs/promises";
import { type RemoteName, remoteNames, site } from "@klarwerk/kit";

/** A policy as directive → sources; written out in this order. */
export type Directives = Record<string, readonly string[]>;

/**
 * What every HTML answer's policy holds, whatever the page: no plugins, no `<base>` or form
 * pointing elsewhere, and no other site may frame it (clickjacking).
 */
const everyPage: Directives = {
  "object-src": ["'none'"],
  "base-uri": ["'self'"],
  "form-action": ["'self'"],
  "frame-ancestors": ["'none'"],
};

/** `default-src 'self'; script-src …`: the header value, with the parts every page has. */
export function formatPolicy(directives: Directives): string {
  return Object.entries({ ...directives, ...everyPage })
    .map(([name, sources]) => [name, ...new Set(sources)].join(" "))
    .join("; ");
}

/** The source that allows one inline script: `'sha256-<base64 of its text>'`. */
export function scriptHash(script: string): string {
  return `'sha256-${new Bun.CryptoHasher("sha256").update(script).digest("base64")}'`;
}

/** The text of every inline `<script>` (those without `src`) of an HTML document, in order. */
export function inlineScripts(html: string): string[] {
  return [...html.matchAll(/<script\b(?![^>]*\ssrc\s*=)[^>]*>([\s\S]*?)<\/script\s*>/gi)].map(
    (match) => match[1] ?? "",
  );
}

/**
 * The origins `/remotes.json` may name besides our own: each absolute manifest URL (an external
 * release's, an absolute `REMOTE_<NAME>_URL`) gives its origin (a remote on a CDN serves its
 * scripts, styles and manifest from there); a path is ours.
 */
export function remoteOrigins(urls: Record<string, string> | readonly string[]): string[] {
  const list: readonly string[] = Array.isArray(urls) ? urls : Object.values(urls);
  const origins = list.flatMap((url) => (/^https?:\/\//i.test(url) ? [new URL(url).origin] : []));
  return [...new Set(origins)];
}

/** The remotes whose screens the public pages show (the marketing pages, sign-in and sign-up show none other). */
const publicPageRemotes: readonly RemoteName[] = ["marketing"];

/** The origins each kind of page may load remotes from: `public`, the prerendered pages; `portal`, the shell's index.html. */
export interface PageOrigins {
  public: readonly string[];
  portal: readonly string[];
}

/**
 * Which origins the pages allow, from the manifests in use per remote. An operator's absolute
 * `REMOTE_<NAME>_URL` counts as given; a release's origin only while `RELEASE_ORIGINS` lists it,
 * so no release, whoever registered it, widens the policy beyond what an admin approved. A
 * public page allows only the origins of the remotes it shows: a portal remote's CDN never
 * reaches "/" or /login. The portal's page allows every remote's, the marketing pages' too,
 * since one document of the portal shows any route.
 */
export function pageOrigins(
  inUse: Record<RemoteName, { configured: readonly string[]; released: readonly string[] }>,
  releaseOrigins: readonly string[],
): PageOrigins {
  const originsOf = (remotes: readonly RemoteName[]) =>
    remoteOrigins(
      remotes.flatMap((remote) => [
        ...inUse[remote].configured,
        ...inUse[remote].released.filter((url) =>
          remoteOrigins([url]).every((origin) => releaseOrigins.includes(origin)),
        ),
      ]),
    );
  return { public: originsOf(publicPageRemotes), portal: originsOf(remoteNames) };
}

/** The review platform's widget (footer, after consent): its script, and the frame it renders into. */
const reviewWidgetOrigin = new URL(site.reviewWidgetScript).origin;

/**
 * The policy of the shell's pages (index.html, the prerendered public pages, any HTML of a build)
 * with the hashes of the page's own inline scripts. Every kind of resource comes only from our
 * origin and the remotes' origins; the review widget's host may add its script and its frame.
 *
 * `'unsafe-inline'` stays for styles alone: Mantine writes `<style>` elements at run time (its
 * CSS variables, responsive style props) whose text depends on the props, so no hash or nonce
 * fixed when the page is sent can name them; and the prerendered pages inline their CSS to paint
 * before any request. Inline styles cannot run code; for scripts there is no such allowance:
 * only the hashed inline scripts of the page being sent run.
 */
export function pageDirectives(origins: readonly string[], inlineScriptHashes: readonly string[]): Directives {
  const assets = ["'self'", ...origins];
  return {
    "default-src": ["'self'"],
    "script-src": [...assets, reviewWidgetOrigin, ...inlineScriptHashes],
    "style-src": [...assets, "'unsafe-inline'"],
    // blob: previews of stored images, fetched with the bearer token and shown from memory.
    "img-src": [...assets, "blob:"],
    "font-src": assets,
    // Module Federation fetches each remote's manifest; every API call goes to our origin.
    "connect-src": assets,
    // blob: the file viewer's PDFs, fetched with the bearer token and shown by the browser's own
    // PDF viewer (decision 0097); only a blob this page made, typed application/pdf.
    "frame-src": [reviewWidgetOrigin, "blob:"],
  };
}

/** The header for an HTML file of a build, by its path on disk. */
export interface PagePolicy {
  headerFor(path: string): Promise<string>;
}

async function versionOf(path: string): Promise<string> {
  const info = await stat(path);
  return `${info.ino}-${info.size}-${info.mtimeMs}`;
}

/** Files whose hashes are kept; a build has a handful of HTML files. */
const keptFiles = 100;

/**
 * Computes each page's policy when it is served: builds are swapped while the server runs, and
 * the prerendered pages' start script names the build's hashed files, so its hash is known only
 * from the file. Kept per file until its size or modification time changes, or the remotes'
 * origins do (`origins`: those of the releases in use now, which a rollout changes while the
 * server runs). `isPortalPage` tells the shell's index.html (every route of the portal) from the
 * rest (the prerendered public pages, any other HTML of a build), which get the public origins.
 */
export function pagePolicy(origins: () => Promise<PageOrigins>, isPortalPage: (path: string) => boolean): PagePolicy {
  const known = new Map<string, { version: string; header: string }>();
  return {
    async headerFor(path) {
      const all = await origins();
      const allowed = isPortalPage(path) ? all.portal : all.public;
      const version = `${await versionOf(path)} ${allowed.join(" ")}`;
      const cached = known.get(path);
      if (cached?.version === version) return cached.header;
      const hashes = inlineScripts(await Bun.file(path).text()).map(scriptHash);
      const header = formatPolicy(pageDirectives(allowed, hashes));
      // Kept only if the file did not change while it was read.
      if (version === `${await versionOf(path)} ${allowed.join(" ")}`) {
        if (known.size >= keptFiles) known.clear();
        known.set(path, { version, header });
      }
      return header;
    },
  };
}

/** For an HTML file served without a page policy: nothing may load or run. */
export const lockedPagePolicy = formatPolicy({ "default-src": ["'none'"] });
