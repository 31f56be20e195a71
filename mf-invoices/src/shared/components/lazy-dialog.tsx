import { type ComponentType, lazy, Suspense } from "react";

/**
 * A dialog whose code is downloaded when it first opens, so the screens that offer it stay within
 * their 40 KB (issue 46). Closed, it renders nothing (and unmounts, so it opens afresh each time).
 */
export function lazyDialog<Props extends { opened: boolean }>(load: () => Promise<ComponentType<Props>>) {
  const Dialog = lazy(() => load().then((component) => ({ default: component })));
  // biome-ignore lint/correctness/noComponentHookFactories: made once per dialog, at the top level of its Lazy*Dialog module, never during a render.
  return function LazyDialog(props: Props) {
    if (!props.opened) return null;
    return (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    );
  };
}
