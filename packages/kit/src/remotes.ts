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

/**
 * One screen a remote exposes: the shell's route for it, the exposed module (`./<expose>`, the
 * file `src/routes/<expose>.tsx`) and its German document title.
 */
export interface RemoteScreen {
  path: string;
  expose: string;
  title: string;
  /** The meta description search engines show (public pages). */
  description?: string;
  /** Only for accounts with the admin role; everyone else signed in sees "Kein Zugriff". */
  adminOnly?: boolean;
}

/**
 * A remote's screens, listed once in its `screens.ts`: the remote's build exposes them
 * (`@klarwerk/kit/federation`), its standalone page routes them (`@klarwerk/kit/standalone`) and
 * the shell's router, prerender and titles read them (shell/src/federation/remote-routes.ts).
 */
export interface RemoteScreens<Screen extends RemoteScreen = RemoteScreen> {
  /** By its federation name, so the shell's routes need no code of the kit to name it. */
  remote: FederationName;
  screens: readonly Screen[];
}

/** The module file of an exposed screen, relative to its remote's folder. */
export function screenFile(screen: Pick<RemoteScreen, "expose">): `./src/routes/${string}.tsx` {
  return `./src/routes/${screen.expose}.tsx`;
}
