import { type ComponentType, StrictMode } from "react";
import { App } from "./App";
import { PrerenderedScreens } from "./components/RemoteRoute";

export interface AppRootProps {
  /** The public page the document is for. */
  path: string;
  /** Given by the prerender (screens from source); in the browser, screens come through federation. */
  screens?: Readonly<Record<string, ComponentType>>;
}

/**
 * The whole tree of a visit that starts on a public page. The prerender renders it to HTML and the
 * browser hydrates the very same tree, so the two always match.
 */
export function AppRoot({ path, screens }: AppRootProps) {
  return (
    <StrictMode>
      <PrerenderedScreens value={screens ?? null}>
        <App initialPath={path} />
      </PrerenderedScreens>
    </StrictMode>
  );
}
