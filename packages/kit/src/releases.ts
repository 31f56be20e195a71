/**
 * Releases of the remotes: what a team released, what visitors get, and what the admin
 * screen "Auslieferung" shows. The API answers with these shapes; the shell, the dashboard and
 * `bun run release` read them. Times are ISO 8601 strings.
 */
import type { FederationName, RemoteName } from "./remotes";

/** A version a team chooses: letters, digits, `.`, `_`, `+`, `-`, starting with a letter or digit. */
export const releaseVersionPattern = /^[0-9A-Za-z][0-9A-Za-z._+-]{0,63}$/;

/** The note a release may carry, in characters. */
export const releaseNoteMaxLength = 500;

/** The largest archive of a remote's `dist/` the API takes (bytes, as sent: tar or tar.gz). */
export const releaseArchiveMaxBytes = 64 * 1024 * 1024;

/** The canary's share of visitors, in percent. */
export const canaryShareRange = { min: 1, max: 100 } as const;

/** A canary is stopped when its error rate exceeds the active release's by more than this (percentage points). */
export const canaryErrorMarginPoints = 2;

/** The counted visits the failure shares are computed over (each release's most recent). */
export const canaryErrorWindowLoads = 200;

/**
 * Browsers' error reports and the counted loads of releases are deleted this many days after they
 * came in, both alike (a canary's rate compares errors with loads of the same time). The privacy
 * notice states this number; `CLIENT_REPORT_RETENTION_DAYS` may shorten it, never lengthen it.
 */
export const clientReportRetentionDays = 30;

export type ReleaseKind = "uploaded" | "external";

export interface Release {
  id: number;
  remote: RemoteName;
  version: string;
  kind: ReleaseKind;
  manifest_url: string;
  kit_surface: string;
  note: string;
  released_by: string;
  created_at: string;
  size_bytes: number;
}

/** A remote's rollout: null releases when the remote has none (it runs from `REMOTE_<NAME>_URL`). */
export interface RemoteRollout {
  remote: RemoteName;
  active: Release | null;
  canary: Release | null;
  /** Percent of visitors that get the canary; 0 without one. */
  canary_share: number;
  /** The release before the active one: the shell's last good release. */
  previous: Release | null;
  changed_at: string | null;
}

export const rolloutActions = ["release", "activate", "canary", "promote", "stop", "auto-stop", "rollback"] as const;
export type RolloutAction = (typeof rolloutActions)[number];

/** One entry of a remote's history: who did what to which release. */
export interface RolloutEvent {
  id: number;
  remote: RemoteName;
  action: RolloutAction;
  version: string | null;
  share: number | null;
  actor: string;
  reason: string | null;
  created_at: string;
}

/** Errors the shell reported for a release in the last 24 hours. */
export interface ReleaseErrorCounts {
  release_id: number;
  load: number;
  render: number;
  /** Loads counted in the same 24 hours (while a canary ran). */
  loads: number;
}

/** One reported error, as admins read it. */
export interface ClientErrorReport extends Omit<ClientErrorInput, "remote" | "ticket"> {
  id: number;
  remote: RemoteName;
  /** Whether it came with a valid ticket; one without is listed but decides nothing. */
  ticketed: boolean;
  created_at: string;
}

/** `GET /api/releases`: every remote's rollout, its releases (newest first) and history. */
export interface ReleasesOverview {
  remotes: {
    rollout: RemoteRollout;
    releases: Release[];
    events: RolloutEvent[];
    errors: ReleaseErrorCounts[];
    recent_errors: ClientErrorReport[];
  }[];
}

/** A deploy key as admins see it; the secret only once, in the answer that created it. */
export interface DeployKey {
  id: number;
  remote: RemoteName;
  name: string;
  /** The secret's first characters. */
  hint: string;
  created_at: string;
  last_used_at: string | null;
  revoked_at: string | null;
}

export type ClientErrorKind = "load" | "render";

/** How the Auskunft names a browser's error report. */
export const clientErrorKindLabels: Record<ClientErrorKind, string> = {
  load: "Ein Teil des Portals konnte nicht geladen werden",
  render: "Fehler beim Anzeigen einer Seite",
};

/** The most a client error report may carry, in bytes of JSON (more: 413). */
export const clientErrorMaxBytes = 8 * 1024;

/** One remote in `/remotes.json`, for this visitor. */
export interface RegistryRemote {
  /** The manifest to load. */
  entry: string;
  /** The release's version; null when the remote runs from `REMOTE_<NAME>_URL`. */
  version: string | null;
  /** The release before it, tried once when this one fails to load. */
  previous: { entry: string; version: string } | null;
  /** Whether the shell reports this remote's successful loads (while a canary runs). */
  count_loads: boolean;
  /**
   * This page load's signed ticket for this release, sent back with its load and error reports:
   * only reports with a valid one count for a canary. Null: nothing to count (no canary of this
   * remote, no visitor id, or past its address's ticket limit: then the active release).
   */
  ticket: string | null;
}

/** `/remotes.json`: per federation name. */
export type RemoteRegistry = Record<FederationName, RegistryRemote>;

/** The header a deploy key travels in: `Authorization: Bearer <secret>`; secrets start so. */
export const deployKeyPrefix = "kwdk_";

/** `POST /api/releases` (an external release) and the upload: `{ release }`, not active yet. */
export interface ReleaseAnswer {
  release: Release;
}

/** Activate, canary, promote and stop: the remote's rollout after the change. */
export interface RolloutAnswer {
  rollout: RemoteRollout;
}

/** `GET /api/deploy-keys`: newest first, never their secrets. */
export interface DeployKeyList {
  keys: DeployKey[];
}

/** `POST /api/deploy-keys`: the key and its secret, which no later answer repeats. */
export interface CreatedDeployKey {
  key: DeployKey;
  secret: string;
}

/** `POST /api/releases`: a release whose manifest lies on the team's own CDN (https). */
export interface ExternalReleaseInput {
  /** `mf-dashboard` (or `dashboard`). */
  remote: string;
  version: string;
  note?: string;
  manifest_url: string;
}

/** `POST /api/releases/upload`'s query string; the body is the tar or tar.gz of `dist/`. */
export interface ReleaseUploadQuery {
  remote: string;
  version: string;
  note?: string;
}

/** What the shell reports of a remote that failed to load or render (`POST /api/client-errors`). */
export interface ClientErrorInput {
  remote: string;
  version: string | null;
  kind: ClientErrorKind;
  route: string;
  message: string;
  browser: string;
  /** The ticket `/remotes.json` gave this page load for the remote (`RegistryRemote.ticket`). */
  ticket?: string | null;
}

/** What the shell reports of a remote's successful load (`POST /api/client-loads`). */
export interface ClientLoadInput {
  remote: string;
  version: string;
  ticket?: string | null;
}
