import { appMessages } from "@klarwerk/kit";
import {
  type ComponentType,
  createContext,
  type LazyExoticComponent,
  lazy,
  Suspense,
  useContext,
  useState,
} from "react";
import { loadedRemoteScreen, loadRemoteScreen, resetRemote } from "../federation/registry";
import { ErrorBoundary } from "./ErrorBoundary";

type LazyScreen = LazyExoticComponent<ComponentType>;

/**
 * Screens given directly instead of through Module Federation, keyed `<remote>/<expose>`: the
 * prerender renders the marketing pages from source this way, in the same tree as the browser.
 */
export const PrerenderedScreens = createContext<Readonly<Record<string, ComponentType>> | null>(null);

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

/** Starts loading a route's remote before React asks for it (the first page, a link's target). */
export function preloadRemoteScreen(remote: string, expose: string): Promise<void> {
  return loadRemoteScreen(remote, expose).then(
    () => undefined,
    () => {
      // The route's own load reports the failure; a preload has nobody to tell.
    },
  );
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
  const prerendered = useContext(PrerenderedScreens);
  // Chosen once per attempt: switching from the lazy wrapper to the loaded module later would
  // remount the page and lose what the visitor typed.
  const pick = (): ComponentType =>
    prerendered?.[`${remote}/${expose}`] ?? loadedRemoteScreen(remote, expose)?.default ?? screenFor(remote, expose);
  const [attempt, setAttempt] = useState(() => ({ count: 0, Screen: pick() }));
  const { Screen } = attempt;
  return (
    <ErrorBoundary
      key={attempt.count}
      onRetry={() => {
        forget(remote, expose);
        setAttempt((previous) => ({ count: previous.count + 1, Screen: screenFor(remote, expose) }));
      }}
      fallback={(_error, retry) => <RemoteFailed onRetry={retry} />}
    >
      <Suspense fallback={<RemoteLoading />}>
        <Screen />
      </Suspense>
    </ErrorBoundary>
  );
}
