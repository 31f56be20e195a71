import { formatDateTime, formatFileSize, site } from "@klarwerk/kit";
import { sharePageMessages as messages } from "./messages.ts";

/**
 * The client's page at /s/<token>: plain German HTML rendered here, no portal, no JavaScript
 * (decision 0096). Its one style block is allowed by its hash; nothing else loads.
 */
const style = `
:root{color-scheme:light dark;--fg:#1b1f24;--muted:#59636e;--line:#d0d7de;--accent:#0b5cad;--bg:#fff}
@media (prefers-color-scheme:dark){:root{--fg:#e6edf3;--muted:#9da7b3;--line:#3d444d;--accent:#6cb6ff;--bg:#0d1117}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:var(--fg);background:var(--bg)}
main{max-width:44rem;margin:0 auto;padding:1.5rem 1rem 3rem}
header{font-weight:600;color:var(--muted);margin-bottom:1.5rem}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .25rem;overflow-wrap:anywhere}
p{margin:.5rem 0}
.muted{color:var(--muted)}
table{width:100%;border-collapse:collapse;margin:1rem 0}
th,td{text-align:left;padding:.6rem .25rem;border-bottom:1px solid var(--line);vertical-align:top}
td.name{overflow-wrap:anywhere}
td.size,th.size{white-space:nowrap;text-align:right}
a{color:var(--accent)}
a.button,button{display:inline-block;font:inherit;font-weight:600;padding:.6rem 1rem;border-radius:.4rem;border:0;background:var(--accent);color:var(--bg);text-decoration:none;cursor:pointer;min-height:44px}
td a{display:inline-block;padding:.5rem 0;min-height:44px}
label{display:block;font-weight:600;margin:1rem 0 .25rem}
input{font:inherit;width:100%;max-width:22rem;padding:.55rem .6rem;border:1px solid var(--line);border-radius:.4rem;background:var(--bg);color:var(--fg)}
form button{margin-top:1rem}
.error{color:#b3261e;font-weight:600}
@media (prefers-color-scheme:dark){.error{color:#ff8a80}}
footer{margin-top:2.5rem;font-size:.875rem;color:var(--muted)}
`;

const styleHash = `'sha256-${new Bun.CryptoHasher("sha256").update(style).digest("base64")}'`;

/** The headers of every page: no script, no frame, no referrer (the token is in the URL), not kept, not indexed. */
export const pageHeaders = {
  "Content-Type": "text/html; charset=utf-8",
  "Content-Security-Policy": `default-src 'none'; style-src ${styleHash}; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`,
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
  "X-Robots-Tag": "noindex, nofollow",
  "Cache-Control": "no-store",
} as const;

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

function document(title: string, body: string): string {
  return `<!doctype html>
<html lang="de">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow">
<title>${escapeHtml(title)} – ${escapeHtml(site.name)}</title>
<style>${style}</style>
</head>
<body>
<main>
<header>${escapeHtml(site.name)}</header>
${body}
<footer>${escapeHtml(messages.footer)} ${escapeHtml(site.name)}.</footer>
</main>
</body>
</html>
`;
}

export function pageResponse(status: number, title: string, body: string, headers: Record<string, string> = {}) {
  return new Response(document(title, body), { status, headers: { ...pageHeaders, ...headers } });
}

/** A page that only tells why (404, 410, 403, 413, 429). */
export function messagePage(status: number, title: string, text: string, back?: string): Response {
  const link = back ? `<p><a href="${escapeHtml(back)}">${escapeHtml(messages.back)}</a></p>` : "";
  return pageResponse(status, title, `<h1>${escapeHtml(title)}</h1>\n<p>${escapeHtml(text)}</p>\n${link}`);
}

export interface PageLink {
  /** `/s/<token>`: every address on the page starts with it. */
  base: string;
  kind: "file" | "folder";
  name: string;
  label: string;
  expiresAt: Date;
  downloadsLeft: number | null;
}

function heading(link: PageLink): string {
  const title = link.kind === "file" ? messages.fileTitle : messages.folderTitle;
  const label = link.label === "" ? "" : `<p>${escapeHtml(link.label)}</p>`;
  return `<p class="muted">${escapeHtml(title)}</p>\n<h1>${escapeHtml(link.name)}</h1>\n${label}`;
}

/** The password form; `error` when the last try was wrong or limited. */
export function passwordPage(link: PageLink, status = 200, error?: string, headers: Record<string, string> = {}) {
  const notice = error ? `<p class="error" role="alert" id="password-error">${escapeHtml(error)}</p>` : "";
  const described = error ? ` aria-describedby="password-error" aria-invalid="true"` : "";
  return pageResponse(
    status,
    link.name,
    `${heading(link)}
<form method="post" action="${escapeHtml(link.base)}">
<p>${escapeHtml(messages.passwordHeading)}</p>
${notice}
<label for="password">${escapeHtml(messages.passwordLabel)}</label>
<input id="password" name="password" type="password" autocomplete="current-password" required${described}>
<br><button type="submit">${escapeHtml(messages.passwordSubmit)}</button>
</form>`,
    headers,
  );
}

/** The files with their download links, and for a folder the ZIP. */
export function filesPage(
  link: PageLink,
  files: readonly { id: number; original_name: string; size: number }[],
  headers: Record<string, string> = {},
): Response {
  const rows = files
    .map(
      (file) => `<tr><td class="name">${escapeHtml(file.original_name)}<br>
<a href="${escapeHtml(`${link.base}/dateien/${file.id}`)}" download aria-label="${escapeHtml(`${messages.download}: ${file.original_name}`)}">${escapeHtml(messages.download)}</a></td>
<td class="size">${escapeHtml(formatFileSize(Number(file.size)))}</td></tr>`,
    )
    .join("\n");
  const list =
    files.length === 0
      ? `<p>${escapeHtml(messages.emptyFolder)}</p>`
      : `<table>
<thead><tr><th scope="col">${escapeHtml(messages.fileColumn)}</th><th scope="col" class="size">${escapeHtml(messages.sizeColumn)}</th></tr></thead>
<tbody>
${rows}
</tbody>
</table>`;
  const zip =
    link.kind === "folder" && files.length > 0
      ? `<p><a class="button" href="${escapeHtml(`${link.base}/ordner.zip`)}" download>${escapeHtml(messages.downloadZip)}</a></p>`
      : "";
  const left = link.downloadsLeft === null ? "" : `<p>${escapeHtml(messages.downloadsLeft(link.downloadsLeft))}</p>`;
  return pageResponse(
    200,
    link.name,
    `${heading(link)}
<p class="muted">${escapeHtml(messages.validUntil(formatDateTime(link.expiresAt)))}</p>
${left}
${zip}
${list}`,
    headers,
  );
}
