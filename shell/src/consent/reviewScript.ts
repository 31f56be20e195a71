import { site } from "@klarwerk/kit";

interface ReviewPlatform {
  loadFromElement?(element: Element, forceReload?: boolean): void;
}

const scriptMarker = "data-review-widget";

/**
 * Adds the review platform's script to the page, once per page load, whatever calls this. Only
 * ever called after the visitor agreed.
 */
export function loadReviewWidgetScript(): void {
  if (document.querySelector(`script[${scriptMarker}]`)) return;
  const script = document.createElement("script");
  script.src = site.reviewWidgetScript;
  script.async = true;
  script.setAttribute(scriptMarker, "");
  document.head.appendChild(script);
}

/** Lets the platform's script fill a widget element that appeared after it loaded. */
export function renderReviewWidget(element: Element): void {
  const platform = (window as { Trustpilot?: ReviewPlatform }).Trustpilot;
  platform?.loadFromElement?.(element, true);
}
