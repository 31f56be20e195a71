import { site } from "@klarwerk/kit";

const escapes: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;" };

function escapeHtml(text: string): string {
  return text.replace(/[&<>"]/g, (character) => escapes[character] ?? character);
}

/**
 * The document of the review widget's frame: the platform's widget element and, after it, its
 * script (so the element exists when the script looks for it). The frame is sandboxed without
 * `allow-same-origin`, so the script runs in an origin of its own: it cannot read the session
 * token in our origin's local storage, our cookies or the page around it. Scripts of the frame
 * fall under the page's Content-Security-Policy, which a srcdoc frame inherits.
 */
export function reviewFrameDocument(): string {
  const widget = site.reviewWidget;
  const attributes = {
    class: "trustpilot-widget",
    "data-locale": widget.locale,
    "data-template-id": widget.templateId,
    "data-businessunit-id": widget.businessUnitId,
    "data-style-height": "52px",
    "data-style-width": "100%",
    "data-theme": "dark",
  };
  const attributeText = Object.entries(attributes)
    .map(([name, value]) => `${name}="${escapeHtml(value)}"`)
    .join(" ");
  return [
    '<!doctype html><html lang="de"><head><meta charset="utf-8">',
    "<style>html,body{margin:0;background:transparent;overflow:hidden}</style></head><body>",
    `<div ${attributeText}><a href="${escapeHtml(site.reviewUrl)}" target="_blank" rel="noopener noreferrer">`,
    `${escapeHtml(widget.platform)}</a></div>`,
    `<script src="${escapeHtml(site.reviewWidgetScript)}"></script>`,
    "</body></html>",
  ].join("");
}

/**
 * What the frame may do: run scripts and open the review page in a new tab (a popup that leaves
 * the sandbox). Not `allow-same-origin`: that would give it our origin and its storage.
 */
export const reviewFrameSandbox = "allow-scripts allow-popups allow-popups-to-escape-sandbox";
