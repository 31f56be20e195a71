/**
 * A chunk loaded at most once at a time and kept once loaded: every caller shares the load under
 * way, `loaded()` hands out the module without waiting, and a failed load is tried again by the
 * next caller (a network error must not stick for the rest of the visit).
 */
export function loadOnce<T>(load: () => Promise<T>): {
  load: () => Promise<T>;
  loaded: () => T | undefined;
  reset: () => void;
} {
  let loading: Promise<T> | null = null;
  let loaded: T | undefined;
  return {
    load: () => {
      loading ??= load().then(
        (module) => {
          loaded = module;
          return module;
        },
        (error: unknown) => {
          loading = null;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => loaded,
    reset: () => {
      loading = null;
    },
  };
}
