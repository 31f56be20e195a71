import { appMessages } from "@klarwerk/kit";
import {
  type ComponentType,
  createContext,
  type LazyExoticComponent,
  lazy,
  Suspense,
  useContext,
  useEffect,
  useState,
} from "react";
import { loadedRemoteScreen, loadRemoteScreen, releaseOf, resetRemote, ticketOf } from "../federation/registry";
import { reportClientError } from "../federation/reports";
import { screenShown } from "../public/interaction";
import { ErrorBoundary } from "./ErrorBoundary";

export interface ScreenModule {
  default: ComponentType;
}

/** Where a page's screen comes from: a remote's exposed module or one of the shell's own chunks. */
export interface ScreenSource {
  /** `<remote>/<expose>` or `shell/<name>`; also the key of the prerender's screens. */
  id: string;
  load(): Promise<ScreenModule>;
  /** The module, once it has loaded: rendered then without a suspending render first. */
  loaded(): ScreenModule | undefined;
  /** Makes the next load start from scratch (a retry). */
  reset(): void;
  /** A remote's screen threw while rendering: told to the API with the release's version. */
  renderFailed?(error: Error): void;
}

/**
 * Screens given directly instead of loaded, keyed by `ScreenSource.id`: the prerender renders the
 * public pages from source this way, in the same tree as the browser.
 */
export const PrerenderedScreens = createContext<Readonly<Record<string, ComponentType>> | null>(null);

type LazyScreen = LazyExoticComponent<ComponentType>;

/**
 * One lazy component per screen. React.lazy remembers a rejected load forever, so a retry drops
 * the entry and the next render creates a fresh one.
 */
const screens = new Map<string, LazyScreen>();

function screenFor(source: ScreenSource): LazyScreen {
  let screen = screens.get(source.id);
  if (!screen) {
    screen = lazy(() => source.load());
    screens.set(source.id, screen);
  }
  return screen;
}

/**
 * The screen's first render waits for `gate` before its module loads: a prerendered page's
 * content stays the server's HTML, and costs nothing, until then
 * (docs/decisions/0081-front-end-apps-in-detail.md, "Public pages").
 */
export function holdScreen(source: ScreenSource, gate: Promise<void>): void {
  if (!screens.has(source.id))
    screens.set(
      source.id,
      lazy(() => gate.then(() => source.load())),
    );
}

const remoteSources = new Map<string, ScreenSource>();

/** The source of `<remote>/<expose>`, one object per module. */
export function remoteScreen(remote: string, expose: string): ScreenSource {
  const id = `${remote}/${expose}`;
  let source = remoteSources.get(id);
  if (!source) {
    source = {
      id,
      load: () => loadRemoteScreen(remote, expose),
      loaded: () => loadedRemoteScreen(remote, expose),
      reset: () => resetRemote(remote),
      // A failed load was reported by the registry; what throws after the module loaded is a render error.
      renderFailed: (error) => {
        if (loadedRemoteScreen(remote, expose)) {
          reportClientError({ remote, version: releaseOf(remote), ticket: ticketOf(remote), kind: "render", error });
        }
      },
    };
    remoteSources.set(id, source);
  }
  return source;
}

/** Starts loading a screen before React asks for it (the first page, a link's target). */
export function preloadScreen(source: ScreenSource): Promise<void> {
  return source.load().then(
    () => undefined,
    () => {
      // The route's own load reports the failure; a preload has nobody to tell.
    },
  );
}

export function preloadRemoteScreen(remote: string, expose: string): Promise<void> {
  return preloadScreen(remoteScreen(remote, expose));
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

/** Renders nothing; its effect runs once the screen beside it has hydrated or rendered. */
function Shown() {
  useEffect(screenShown, []);
  return null;
}

/**
 * The page area of a route whose screen is loaded on demand. If it cannot be loaded (server down,
 * offline, blocked), only this area shows the German fallback with a retry button; header, footer
 * and every other route keep working.
 */
export function ScreenRoute({ source }: { source: ScreenSource }) {
  const prerendered = useContext(PrerenderedScreens);
  // Chosen once per attempt: switching from the lazy wrapper to the loaded module later would
  // remount the page and lose what the visitor typed.
  const pick = (): ComponentType => prerendered?.[source.id] ?? source.loaded()?.default ?? screenFor(source);
  const [attempt, setAttempt] = useState(() => ({ count: 0, Screen: pick() }));
  const { Screen } = attempt;
  return (
    <ErrorBoundary
      key={attempt.count}
      onRetry={() => {
        screens.delete(source.id);
        source.reset();
        setAttempt((previous) => ({ count: previous.count + 1, Screen: screenFor(source) }));
      }}
      onError={(error) => source.renderFailed?.(error)}
      fallback={(_error, retry) => <RemoteFailed onRetry={retry} />}
    >
      <Suspense fallback={<RemoteLoading />}>
        <Screen />
        <Shown />
      </Suspense>
    </ErrorBoundary>
  );
}

interface RemoteRouteProps {
  /** Federation name of the remote, e.g. `mf_dashboard`. */
  remote: string;
  /** Exposed module without "./", e.g. `Dashboard`. */
  expose: string;
}

/** The page area of a route owned by a remote (see ScreenRoute). */
export function RemoteRoute({ remote, expose }: RemoteRouteProps) {
  return <ScreenRoute source={remoteScreen(remote, expose)} />;
}
