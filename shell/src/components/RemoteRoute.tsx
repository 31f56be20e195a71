import { appMessages } from "@klarwerk/kit";
import { type ComponentType, type LazyExoticComponent, lazy, Suspense, useState } from "react";
import { loadRemoteScreen, resetRemote } from "../federation/registry";
import { ErrorBoundary } from "./ErrorBoundary";
import "./RemoteRoute.css";

type LazyScreen = LazyExoticComponent<ComponentType>;

/**
 * One lazy component per remote module. React.lazy remembers a rejected load forever, so a retry
 * drops the entry and the next render creates a fresh one.
 */
const screens = new Map<string, LazyScreen>();

function screenFor(remote: string, expose: string): LazyScreen {
  const id = `${remote}/${expose}`;
  let screen = screens.get(id);
  if (!screen) {
    screen = lazy(() => loadRemoteScreen(remote, expose));
    screens.set(id, screen);
  }
  return screen;
}

/** Starts loading a route's remote before React asks for it (used at start for the first page). */
export function preloadRemoteScreen(remote: string, expose: string): void {
  loadRemoteScreen(remote, expose).catch(() => {
    // The route's own load reports the failure; a preload has nobody to tell.
  });
}

function forget(remote: string, expose: string): void {
  screens.delete(`${remote}/${expose}`);
  resetRemote(remote);
}

export function RemoteLoading() {
  return (
    <div className="remote-loading" role="status" aria-live="polite">
      <span className="remote-loading__spinner" aria-hidden="true" />
      <span className="visually-hidden">Inhalt wird geladen…</span>
    </div>
  );
}

export function RemoteFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <div className="remote-failed" role="alert">
      <h1 className="remote-failed__title">{appMessages.remoteFailed}</h1>
      <p className="remote-failed__hint">{appMessages.remoteFailedHint}</p>
      <button type="button" className="kw-button kw-button--primary" onClick={onRetry}>
        {appMessages.retry}
      </button>
    </div>
  );
}

interface RemoteRouteProps {
  /** Federation name of the remote, e.g. `mf_dashboard`. */
  remote: string;
  /** Exposed module without "./", e.g. `Dashboard`. */
  expose: string;
}

/**
 * The page area of a route owned by a remote. If the remote cannot be loaded (server down, offline,
 * blocked), only this area shows the German fallback with a retry button; header, footer and
 * every other route keep working.
 */
export function RemoteRoute({ remote, expose }: RemoteRouteProps) {
  const [attempt, setAttempt] = useState(0);
  const Screen = screenFor(remote, expose);
  return (
    <ErrorBoundary
      key={attempt}
      onRetry={() => {
        forget(remote, expose);
        setAttempt((value) => value + 1);
      }}
      fallback={(_error, retry) => <RemoteFailed onRetry={retry} />}
    >
      <Suspense fallback={<RemoteLoading />}>
        <Screen />
      </Suspense>
    </ErrorBoundary>
  );
}
