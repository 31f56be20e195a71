/** An external manifest is small (a few KB); more is not one. */
const maxManifestBytes = 1024 * 1024;

/**
 * Fetches an external release's manifest from the team's CDN: https only (checked before), no
 * redirects (the URL registered is the URL visitors load), 10 s, at most 1 MiB.
 */
export async function fetchExternalManifest(url: string): Promise<string> {
  const response = await fetch(url, {
    redirect: "error",
    signal: AbortSignal.timeout(10_000),
    headers: { Accept: "application/json" },
  });
  if (!response.ok) throw new Error(`HTTP ${response.status}`);
  const text = await response.text();
  if (text.length > maxManifestBytes) throw new Error("größer als 1 MiB");
  return text;
}
