import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
// By package name, not "./query": each kit entry is its own federation singleton, and a relative
// import would bundle a second query client into this one.
import { queryClient } from "@klarwerk/kit/query";
import {
  type CSSVariablesResolver,
  createTheme,
  type MantineColorsTuple,
  MantineProvider,
  PasswordInput,
} from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications, notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { brandPalette, brandPrimaryShade, fontFamily, headingFontFamily, inkColor, radius } from "./theme";

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
  // Mantine's built-in accessible names are English; screen readers here speak German.
  components: {
    PasswordInput: PasswordInput.extend({
      defaultProps: { visibilityToggleButtonProps: { "aria-label": "Passwort anzeigen oder verbergen" } },
    }),
  },
});

/** Mantine's default "dimmed" grey and error red fall short of WCAG AA contrast on white. */
const accessibleColors: CSSVariablesResolver = (theme) => ({
  variables: {},
  light: { "--mantine-color-dimmed": theme.colors.gray[7] ?? "", "--mantine-color-error": theme.colors.red[9] ?? "" },
  dark: {},
});

export function PortalProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={portalTheme} forceColorScheme="light" cssVariablesResolver={accessibleColors}>
      <QueryClientProvider client={queryClient}>
        <ModalsProvider labels={{ confirm: "Bestätigen", cancel: "Abbrechen" }}>
          <Notifications position="top-right" zIndex={1000} />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}

/** A green toast, e.g. "Erfolgreich eingeloggt!". */
export function notifySuccess(title: string, message?: string): void {
  notifications.show({ title, message: message ?? "", color: "teal", autoClose: 4000 });
}

/** A red ("destructive") toast, e.g. "Login fehlgeschlagen" / "Bitte überprüfen Sie Ihre Zugangsdaten.". */
export function notifyError(title: string, message?: string): void {
  notifications.show({ title, message: message ?? "", color: "red", autoClose: 6000 });
}
