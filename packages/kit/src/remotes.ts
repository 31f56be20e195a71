/**
 * The five remotes. One name each, from which every other spelling is derived: the federation
 * name the shell registers (`mf_dashboard`), the workspace folder and URL segment
 * (`mf-dashboard`, `/remotes/mf-dashboard/`) and the setting that relocates it
 * (`REMOTE_DASHBOARD_URL`).
 */
export const remoteNames = ["marketing", "dashboard", "files", "customers", "invoices"] as const;

export type RemoteName = (typeof remoteNames)[number];

/** The name a remote has in Module Federation (and as a key of `/remotes.json`). */
export type FederationName = `mf_${RemoteName}`;

/** The remote's workspace folder, also its URL segment under `/remotes/`. */
export type RemoteDir = `mf-${RemoteName}`;

export function federationName(remote: RemoteName): FederationName {
  return `mf_${remote}`;
}

export function remoteDir(remote: RemoteName): RemoteDir {
  return `mf-${remote}`;
}

/** Where a remote is mounted on the product's own origin (server and dev proxy alike). */
export function remoteBase(remote: RemoteName): `/remotes/${RemoteDir}/` {
  return `/remotes/${remoteDir(remote)}/`;
}
