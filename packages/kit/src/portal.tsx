import "@mantine/core/styles.css";
// By package name, not "./query" or "./ui": each kit entry is its own federation singleton, and a
// relative import would bundle a second query client or Mantine into this one.
import { QueryClientProvider, queryClient } from "@klarwerk/kit/query";
import {
  Badge,
  Button,
  type CSSVariablesResolver,
  createTheme,
  localStorageColorSchemeManager,
  type MantineColorsTuple,
  MantineProvider,
  ModalsProvider,
} from "@klarwerk/kit/ui";
import { createContext, lazy, type ReactNode, Suspense, useContext, useEffect, useSyncExternalStore } from "react";
import { brandPalette, brandPrimaryShade, fontFamily, headingFontFamily, inkColor, radius } from "./theme";

export * from "./audit-history-link";
export * from "./lists/pager";
export * from "./lists/query-state";
export * from "./lists/use-paged-list";

/**
 * Everything the portal screens need and the public pages must not pay for: Mantine (with its
 * global CSS), notifications, modals and the shared query cache. This module is a federation
 * singleton (`@klarwerk/kit/portal`), loaded only when a portal route is visited, so its CSS is
 * loaded once, by whichever app provides it first.
 */
export const portalTheme = createTheme({
  colors: { brand: [...brandPalette] as unknown as MantineColorsTuple },
  primaryColor: "brand",
  black: inkColor,
  primaryShade: brandPrimaryShade,
  fontFamily,
  headings: { fontFamily: headingFontFamily, fontWeight: "700" },
  defaultRadius: "md",
  radius: { sm: radius.sm, md: radius.md, lg: radius.lg },
  focusRing: "auto",
  cursorType: "pointer",
  // Dialogs, menus and notifications appear without motion for those who ask for less (as
  // theme.css does for the shell's own transitions).
  respectReducedMotion: true,
  // Mantine's built-in accessible names are English; screen readers here speak German.
  components: {
    // A label is never cut: Mantine clips badge and button labels to their box, which a narrow
    // table column squeezed to „A…“ or „An“; visible, they keep their column (or card) wide enough.
    Badge: Badge.extend({ styles: { root: { overflow: "visible" }, label: { overflow: "visible" } } }),
    Button: Button.extend({ styles: { label: { overflow: "visible" } } }),
    // By name, not `PasswordInput.extend`: the password fields live in `@klarwerk/kit/ui-extra`,
    // which the first screen does not load.
    PasswordInput: {
      defaultProps: { visibilityToggleButtonProps: { "aria-label": "Passwort anzeigen oder verbergen" } },
    },
  },
});

// Mantine's notifications are a chunk of their own (`@klarwerk/kit/notifications`), loaded with
// the first toast of a visit: the first screen of the portal does without them.
const loadNotifications = () => import("@klarwerk/kit/notifications");
const LazyNotifications = lazy(() => loadNotifications().then((module) => ({ default: module.Notifications })));
let notified = false;
const notifiedListeners = new Set<() => void>();

function notify(toast: { title: string; message: string; color: string; autoClose: number }): void {
  if (!notified) {
    notified = true;
    for (const listener of notifiedListeners) listener();
  }
  // Mantine's store keeps a toast shown before its `Notifications` has mounted.
  void loadNotifications().then(({ notifications }) => notifications.show(toast));
}

function subscribeNotified(listener: () => void): () => void {
  notifiedListeners.add(listener);
  return () => notifiedListeners.delete(listener);
}

/** Where the toasts show, once there is one. */
function OnDemandNotifications() {
  const shown = useSyncExternalStore(
    subscribeNotified,
    () => notified,
    () => false,
  );
  if (!shown) return null;
  return (
    <Suspense fallback={null}>
      {/* Below the header and under a dialog (Mantine's modals sit at 200): a notification never
          covers the header's links nor a dialog's buttons (docs/decisions/0071-portal-navigation.md). */}
      <LazyNotifications position="top-right" zIndex={90} classNames={{ root: "kw-notifications" }} />
    </Suspense>
  );
}

/**
 * Mantine's default "dimmed" grey and error red fall short of WCAG AA contrast on white, and so
 * does the yellow of its light variant (an alert's title, a badge) on its own pale yellow: a deep
 * amber reads at about 7:1 there. On the dark body the error red and the brand's own text colour
 * (shade 7, made for white) are too dark: lighter shades read at AA there.
 * `--kw-accent-text` is the brand colour for text (the welcome line, links) in either scheme.
 */
const accessibleColors: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: {
    "--mantine-color-dimmed": theme.colors.gray[7] ?? "",
    "--mantine-color-error": theme.colors.red[9] ?? "",
    "--mantine-color-yellow-light-color": "#7a4a00",
    "--kw-accent-text": theme.colors.brand?.[7] ?? "",
  },
  dark: {
    "--mantine-color-dimmed": theme.colors.dark[1] ?? "",
    "--mantine-color-error": theme.colors.red[4] ?? "",
    "--kw-accent-text": theme.colors.brand?.[3] ?? "",
  },
});

/**
 * Hell, Dunkel or System (Mantine's "auto", the default: the system's setting, followed as it
 * changes), chosen under "Mein Konto" and remembered in this browser's localStorage.
 */
export const colorSchemeManager = localStorageColorSchemeManager({ key: "klarwerkcolorscheme" });

/** Moves the page to an in-app path (the shell passes its router's navigation). */
export type PortalNavigate = (to: string, options?: { replace?: boolean }) => unknown;

/** Outside the shell (a remote's standalone page) a redirect loads the path as a new document. */
const PortalNavigation = createContext<PortalNavigate>((to, options) =>
  options?.replace ? window.location.replace(to) : window.location.assign(to),
);

export function PortalProviders({ children, navigate }: { children: ReactNode; navigate?: PortalNavigate }) {
  const content = (
    <MantineProvider
      theme={portalTheme}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={accessibleColors}
    >
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: "Bestätigen", cancel: "Abbrechen" }}>
          <OnDemandNotifications />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
  return navigate ? <PortalNavigation value={navigate}>{content}</PortalNavigation> : content;
}

/**
 * Sends the visitor to `to` in place of the current history entry, through the shell's router:
 * a remote has no router of its own to redirect with (routing is the shell's alone).
 */
export function Redirect({ to }: { to: string }) {
  const navigate = useContext(PortalNavigation);
  useEffect(() => {
    navigate(to, { replace: true });
  }, [navigate, to]);
  return null;
}

/** A green toast, e.g. "Erfolgreich eingeloggt!". */
export function notifySuccess(title: string, message?: string): void {
  notify({ title, message: message ?? "", color: "teal", autoClose: 4000 });
}

/** A red ("destructive") toast, e.g. "Login fehlgeschlagen" / "Bitte überprüfen Sie Ihre Zugangsdaten.". */
export function notifyError(title: string, message?: string): void {
  notify({ title, message: message ?? "", color: "red", autoClose: 6000 });
}
