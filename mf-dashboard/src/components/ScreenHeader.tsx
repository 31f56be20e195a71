import { Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

interface ScreenHeaderProps {
  /** A short line above the title, e.g. the welcome line. */
  eyebrow?: string;
  title: string;
  description?: string;
  children?: ReactNode;
}

/** Title block at the top of a portal screen. */
export function ScreenHeader({ eyebrow, title, description, children }: ScreenHeaderProps) {
  return (
    <Stack gap={6} mb="xl">
      {eyebrow && (
        <Text fw={600} c="brand.7">
          {eyebrow}
        </Text>
      )}
      <Title order={1}>{title}</Title>
      {description && <Text c="dimmed">{description}</Text>}
      {children}
    </Stack>
  );
}
