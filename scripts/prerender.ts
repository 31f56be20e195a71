// Writes the HTML of every public page at build time (the marketing pages, /login and /register):
// the shell's layout with the page's screen rendered from source (the marketing remote's, or the
// shell's own), in exactly the tree the browser hydrates (shell/src/AppRoot), with the page's
// title, description and styles inline, so text and layout are there before any script runs
// (docs/decisions/0081-front-end-apps-in-detail.md, "Public pages"). Also writes robots.txt and sitemap.xml.
//
//   bun scripts/prerender.ts [--shell-dist <dir>] [--marketing-dist <dir>] [--skip-precompress]
//
// Reads the shell's built index.html as the template and the marketing remote's mf-manifest.json
// for its CSS. Output: <shell-dist>/prerendered/<page>.html (index.html for "/"), written to a side
// folder, precompressed and swapped in whole, so a running server never serves half of it.
// api/src/web/routes.ts serves these for their paths; every other path still gets index.html.
/// <reference path="../packages/kit/src/assets.d.ts" />
import { existsSync, readdirSync, readFileSync, renameSync, rmSync, statSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { join, resolve } from "node:path";
import { plugin } from "bun";
import { precompressDirectory } from "../api/src/web/precompress.ts";
import type { ShellScreenName } from "../shell/src/public/pages.ts";

const root = join(import.meta.dir, "..");

/** The shell and marketing sources the pages are rendered from, loaded only when rendering. */
async function loadSources() {
  // The sources import their CSS for the bundler; here the built CSS is inlined instead.
  plugin({
    name: "css-for-the-bundler-only",
    setup(build) {
      build.onLoad({ filter: /\.css$/ }, () => ({ contents: "", loader: "js" }));
    },
  });
  const [
    { createElement },
    { renderToString },
    { site },
    { AppRoot },
    { publicRemoteRoutes },
    { publicPages, isRemotePage },
    { earlyConsentScript },
    { screens: marketing },
    { screenFile },
    { Login },
    { Register },
  ] = await Promise.all([
    import("react"),
    import("react-dom/server"),
    import("../packages/kit/src/site.ts"),
    import("../shell/src/AppRoot.tsx"),
    import("../shell/src/federation/remote-routes.ts"),
    import("../shell/src/public/pages.ts"),
    import("../shell/src/consent/early-consent.ts"),
    import("../mf-marketing/screens.ts"),
    import("../packages/kit/src/remotes.ts"),
    import("../shell/src/routes/Login.tsx"),
    import("../shell/src/routes/Register.tsx"),
  ]);
  const marketingScreens = await Promise.all(
    marketing.screens.map(async (screen) => {
      const module = (await import(join(root, "mf-marketing", screenFile(screen)))) as { default: React.ComponentType };
      return [`mf_marketing/${screen.expose}`, module.default] as const;
    }),
  );
  const shellScreens: Record<ShellScreenName, React.ComponentType> = { Login, Register };
  const screens: Record<string, React.ComponentType> = Object.fromEntries([
    ...marketingScreens,
    ...Object.entries(shellScreens).map(([name, screen]) => [`shell/${name}`, screen] as const),
  ]);
  return {
    createElement,
    renderToString,
    site,
    AppRoot,
    publicRemoteRoutes,
    publicPages,
    isRemotePage,
    earlyConsentScript,
    screens,
  };
}

type Sources = Awaited<ReturnType<typeof loadSources>>;

/** The head script goes into every page's HTML: without its spaces and comments. */
const headScript = new Bun.Transpiler({ loader: "js", minifyWhitespace: true });

interface Manifest {
  exposes: { name: string; assets: { css: { sync: string[] } } }[];
}

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(name);
  const value = index >= 0 ? process.argv[index + 1] : undefined;
  return resolve(value ?? fallback);
}

function escapeHtml(text: string): string {
  return text.replaceAll("&", "&amp;").replaceAll("<", "&lt;").replaceAll(">", "&gt;").replaceAll('"', "&quot;");
}

function replaceOnce(html: string, pattern: RegExp, replacement: string, what: string): string {
  if (!pattern.test(html)) throw new Error(`index.html: ${what} nicht gefunden`);
  return html.replace(pattern, () => replacement);
}

/**
 * The shell's scripts are requested only once the page has been painted (the browser's first
 * contentful paint; after two seconds at the latest, e.g. in a background tab): the text is on
 * screen before a single byte of script competes with it on a slow connection, and before any
 * script runs. What must work from the first tap waits for the script visibly: the menu button and
 * the contact form's button are disabled until then.
 */
function startScriptsAfterFirstPaint(html: string): string {
  const sources: string[] = [];
  const withoutScripts = html.replace(/<script defer src="([^"]+)"><\/script>/g, (_, src: string) => {
    sources.push(src);
    return "";
  });
  if (sources.length === 0) throw new Error("index.html: keine Skripte gefunden");
  const start = [
    "(function(){var started=false;function start(){if(started)return;started=true;",
    `${JSON.stringify(sources)}.forEach(function(src){var s=document.createElement("script");s.src=src;s.async=false;document.head.appendChild(s)})}`,
    'try{new PerformanceObserver(function(list){if(list.getEntriesByName("first-contentful-paint").length)start()}).observe({type:"paint",buffered:true})}catch(e){}',
    "setTimeout(start,2000)})()",
  ].join("");
  return replaceOnce(withoutScripts, /<\/body>/, `<script>${start}</script></body>`, "</body>");
}

/** The shell's own stylesheets, linked from index.html, as inline styles. */
function inlineShellCss(html: string, shellDist: string): string {
  return html.replace(/<link href="(\/static\/css\/[^"]+\.css)" rel="stylesheet">/g, (_, href: string) => {
    const css = readFileSync(join(shellDist, href), "utf8");
    return `<style>${css}</style>`;
  });
}

/**
 * The page's remote styles, inline. `data-href` is the path the remote's chunk loader looks for
 * before it adds a stylesheet. (The federation runtime still fetches the file once from the
 * manifest after the page is shown: the same rules again, so nothing moves.)
 */
function remoteCss(manifest: Manifest, marketingDist: string, expose: string): string {
  const entry = manifest.exposes.find((candidate) => candidate.name === expose);
  if (!entry) throw new Error(`mf-manifest.json: ${expose} fehlt`);
  return entry.assets.css.sync
    .map((href) => `<style data-href="${href}">${readFileSync(join(marketingDist, href), "utf8")}</style>`)
    .join("");
}

function pageFile(path: string): string {
  return path === "/" ? "index.html" : `${path.slice(1)}.html`;
}

function sitemap({ site, publicRemoteRoutes }: Sources): string {
  const urls = publicRemoteRoutes
    .map((route) => `  <url><loc>${escapeHtml(new URL(route.path, site.website).href)}</loc></url>`)
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
}

function robots({ site }: Sources): string {
  return `User-agent: *\nAllow: /\nDisallow: /api/\n\nSitemap: ${new URL("/sitemap.xml", site.website).href}\n`;
}

function newestChange(path: string): number {
  const info = statSync(path);
  if (!info.isDirectory()) return info.mtimeMs;
  return Math.max(info.mtimeMs, ...readdirSync(path).map((name) => newestChange(join(path, name))));
}

/**
 * Whether the marketing build is at least as new as the sources the pages are rendered from. If
 * not, the HTML and the script that hydrates it differ, and React throws the HTML away.
 */
export function marketingBuildIsCurrent(marketingDist: string = join(root, "mf-marketing", "dist")): boolean {
  const manifest = join(marketingDist, "mf-manifest.json");
  if (!existsSync(manifest)) return false;
  const sources = [
    join(root, "mf-marketing", "src"),
    join(root, "mf-marketing", "screens.ts"),
    join(root, "packages/kit/src"),
  ];
  return statSync(manifest).mtimeMs >= Math.max(...sources.map(newestChange));
}

export async function prerender(shellDist: string, marketingDist: string, precompress = true): Promise<number> {
  if (!marketingBuildIsCurrent(marketingDist)) {
    // scripts/build.ts rebuilds it first; this only happens when sources change during a build.
    console.warn(
      "Warnung: mf-marketing ist älter als seine Quellen; die Seiten passen womöglich nicht zum Skript. `bun scripts/build.ts mf-marketing` baut beides neu.",
    );
  }
  const template = readFileSync(join(shellDist, "index.html"), "utf8");
  const manifest = JSON.parse(readFileSync(join(marketingDist, "mf-manifest.json"), "utf8")) as Manifest;
  const sources = await loadSources();
  const { createElement, renderToString, AppRoot, publicPages, isRemotePage, earlyConsentScript, screens } = sources;
  const next = join(shellDist, "prerendered-next");
  rmSync(next, { recursive: true, force: true });
  await mkdir(next, { recursive: true });

  for (const route of publicPages) {
    const body = renderToString(createElement(AppRoot, { path: route.path, screens }));
    let html = startScriptsAfterFirstPaint(inlineShellCss(template, shellDist));
    html = replaceOnce(html, /<title>[^<]*<\/title>/, `<title>${escapeHtml(route.title)}</title>`, "<title>");
    html = replaceOnce(
      html,
      /<meta\s+name="description"\s+content="[^"]*"\s*\/?>/,
      `<meta name="description" content="${escapeHtml(route.description)}" />`,
      "meta description",
    );
    html = replaceOnce(
      html,
      /<\/head>/,
      `${isRemotePage(route) ? remoteCss(manifest, marketingDist, route.expose) : ""}<script>${headScript.transformSync(earlyConsentScript())}</script></head>`,
      "</head>",
    );
    html = replaceOnce(html, /<div id="root"><\/div>/, `<div id="root">${body}</div>`, '<div id="root">');
    await writeFile(join(next, pageFile(route.path)), html);
  }
  if (precompress) await precompressDirectory(next);

  for (const [name, content] of [
    ["sitemap.xml", sitemap(sources)],
    ["robots.txt", robots(sources)],
  ] as const) {
    await writeFile(join(shellDist, `${name}.next`), content);
    renameSync(join(shellDist, `${name}.next`), join(shellDist, name));
  }

  // Two renames, microseconds apart: the old pages serve until the new ones are complete.
  const current = join(shellDist, "prerendered");
  const old = join(shellDist, "prerendered-old");
  rmSync(old, { recursive: true, force: true });
  if (existsSync(current)) renameSync(current, old);
  renameSync(next, current);
  rmSync(old, { recursive: true, force: true });
  return publicPages.length;
}

if (import.meta.main) {
  const shellDist = option("--shell-dist", join(root, "shell", "dist"));
  const marketingDist = option("--marketing-dist", join(root, "mf-marketing", "dist"));
  const pages = await prerender(shellDist, marketingDist, !process.argv.includes("--skip-precompress"));
  console.log(`prerendered ${pages} public pages into ${join(shellDist, "prerendered")}`);
}
