import "@mantine/core/styles.css";
import "@mantine/notifications/styles.css";
import { createTheme, type MantineColorsTuple, MantineProvider, PasswordInput } from "@mantine/core";
import { ModalsProvider } from "@mantine/modals";
import { Notifications, notifications } from "@mantine/notifications";
import { QueryClientProvider } from "@tanstack/react-query";
import type { ReactNode } from "react";
import { queryClient } from "./query";
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

export function PortalProviders({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={portalTheme} forceColorScheme="light">
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
