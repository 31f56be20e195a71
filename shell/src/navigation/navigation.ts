import { createContext, useContext, useSyncExternalStore } from "react";

export interface NavigateOptions {
  replace?: boolean;
  /** Render the new page synchronously, before the promise resolves (React's `flushSync`). */
  flushSync?: boolean;
}

export interface NavigationState {
  pathname: string;
  /** True while the next page is loading. */
  pending: boolean;
}

/**
 * What the layout needs from whichever router runs (navigation/router.ts): the public router on
 * the public pages, the portal's router once the portal is visited. The layout itself imports
 * neither.
 *
 * A store, not a context value that changes: a context change above a prerendered page that has
 * not hydrated yet makes React throw that page's HTML away and render it again from scratch (a
 * spinner, then the page: a huge layout shift). The context holds this object, which never
 * changes; the header and the progress bar subscribe to its state.
 */
export interface NavigationStore {
  /** Resolves once the new page is shown. */
  navigate(to: string, options?: NavigateOptions): Promise<void>;
  getState(): NavigationState;
  setState(next: Partial<NavigationState>): void;
  subscribe(listener: () => void): () => void;
}

export function createNavigationStore(
  initial: NavigationState,
  navigate: NavigationStore["navigate"],
): NavigationStore {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    navigate,
    getState: () => state,
    setState(next) {
      const merged = { ...state, ...next };
      if (merged.pathname === state.pathname && merged.pending === state.pending) return;
      state = merged;
      for (const listener of listeners) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

export const NavigationContext = createContext<NavigationStore | null>(null);

export function useShellNavigation(): NavigationState & Pick<NavigationStore, "navigate"> {
  const store = useContext(NavigationContext);
  if (!store) throw new Error("useShellNavigation outside a router");
  const state = useSyncExternalStore(store.subscribe, store.getState, store.getState);
  return { ...state, navigate: store.navigate };
}
