/**
 * The title block at the top of every portal screen. Not a shared federation module (like
 * `@klarwerk/kit/format`): bundled into each remote that imports it, so a remote never depends on
 * the shell's kit build having it; the Mantine it renders with is the shared one.
 */
import { Stack, Text, Title } from "@klarwerk/kit/ui";
import type { ReactNode } from "react";

export interface ScreenHeaderProps {
  /** A short line above the title, e.g. the welcome line. */
  eyebrow?: string;
  title: string;
  description?: string;
  children?: ReactNode;
}

export function ScreenHeader({ eyebrow, title, description, children }: ScreenHeaderProps) {
  return (
    <Stack gap={6} mb="xl">
      {eyebrow && (
        <Text fw={600} c="var(--kw-accent-text)">
          {eyebrow}
        </Text>
      )}
      {/* A little smaller on a phone: „Kundenverwaltung“ at the full size filled the 390 px window to its edge. */}
      <Title order={1} fz={{ base: "1.75rem", xs: "2.125rem" }}>
        {title}
      </Title>
      {/* "dimmed": gray.7 in the light scheme (portal.tsx), where Mantine's own grey misses AA on white. */}
      {description && <Text c="dimmed">{description}</Text>}
      {children}
    </Stack>
  );
}
