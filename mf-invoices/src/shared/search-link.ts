import { siteSearchParams } from "@klarwerk/kit";

/** The term a hit of the portal header's search opened the list with (`?suche=`, decision 0102), if any. */
export function searchOfLocation(): string | null {
  const term = new URLSearchParams(window.location.search).get(siteSearchParams.search)?.trim();
  return term ? term : null;
}

/** Once the list has it, the address no longer carries it (a reload shows the list as it is). */
export function forgetSearchOfLocation(): void {
  const url = new URL(window.location.href);
  if (!url.searchParams.has(siteSearchParams.search)) return;
  url.searchParams.delete(siteSearchParams.search);
  window.history.replaceState(window.history.state, "", url);
}
