import { federationName, type RemoteName } from "@klarwerk/kit";
import { sharedKitEntries } from "@klarwerk/kit/surface";
import { HttpError } from "../../http/errors.ts";
import { releaseMessages as messages } from "./messages.ts";
import type { ShellNeeds } from "./shell-needs.ts";

/** What a release's `mf-manifest.json` says that the checks and the server need. */
export interface CheckedManifest {
  /** The file the federation runtime loads first, relative to the manifest. */
  remoteEntry: string;
  kitSurface: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw new HttpError(409, "release-manifest-malformed", messages.manifestMalformed("kein gültiges JSON"));
  }
}

/**
 * Checks a release's manifest against what the running shell needs, and refuses (409, with the
 * reason in German) what the shell could not load: another remote's manifest, no remote entry,
 * an exposed module a route of the shell needs missing, or shared kit entries built against
 * another kit surface (the shell's `strictVersion` would refuse them in every browser).
 */
export function checkManifest(remote: RemoteName, text: string, needs: ShellNeeds): CheckedManifest {
  const manifest = parseJson(text);
  if (!isRecord(manifest))
    throw new HttpError(409, "release-manifest-malformed", messages.manifestMalformed("kein JSON-Objekt"));
  const name = manifest.name;
  if (typeof name !== "string")
    throw new HttpError(409, "release-manifest-malformed", messages.manifestMalformed("„name“ fehlt"));
  if (name !== federationName(remote))
    throw new HttpError(409, "release-manifest-wrong-remote", messages.manifestWrongRemote(federationName(remote)));

  const metaData = isRecord(manifest.metaData) ? manifest.metaData : null;
  const entry = metaData && isRecord(metaData.remoteEntry) ? metaData.remoteEntry : null;
  if (!entry || typeof entry.name !== "string" || entry.name === "") {
    throw new HttpError(
      409,
      "release-manifest-malformed",
      messages.manifestMalformed("„metaData.remoteEntry.name“ fehlt"),
    );
  }
  const entryPath = typeof entry.path === "string" ? entry.path.replace(/^\/+|\/+$/g, "") : "";
  const remoteEntry = entryPath ? `${entryPath}/${entry.name}` : entry.name;

  if (!Array.isArray(manifest.exposes))
    throw new HttpError(409, "release-manifest-malformed", messages.manifestMalformed("„exposes“ fehlt"));
  const exposed = new Set(
    manifest.exposes.flatMap((expose) =>
      isRecord(expose) && typeof expose.name === "string" ? [expose.name.replace(/^\.\//, "")] : [],
    ),
  );
  const missing = needs.exposes(remote).filter((expose) => !exposed.has(expose));
  if (missing.length > 0)
    throw new HttpError(
      409,
      "release-exposes-missing",
      messages.exposesMissing(missing.map((expose) => `./${expose}`)),
    );

  if (!Array.isArray(manifest.shared))
    throw new HttpError(409, "release-manifest-malformed", messages.manifestMalformed("„shared“ fehlt"));
  const kitVersions = new Set(
    manifest.shared.flatMap((shared) =>
      isRecord(shared) &&
      typeof shared.name === "string" &&
      (sharedKitEntries as readonly string[]).includes(shared.name) &&
      typeof shared.version === "string"
        ? [shared.version]
        : [],
    ),
  );
  if (kitVersions.size === 0) throw new HttpError(409, "release-kit-surface-missing", messages.kitSurfaceMissing);
  const foreign = [...kitVersions].find((version) => version !== needs.kitSurface);
  if (foreign !== undefined)
    throw new HttpError(409, "release-kit-surface-mismatch", messages.kitSurfaceMismatch(foreign, needs.kitSurface));
  return { remoteEntry, kitSurface: needs.kitSurface };
}
