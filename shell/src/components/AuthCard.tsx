import { Paper, Stack, Text, Title } from "@klarwerk/kit/ui";
import type { ReactNode } from "react";

interface AuthCardProps {
  title: string;
  intro: string;
  /** The form. */
  children: ReactNode;
  /** Links below the form. */
  footer: ReactNode;
}

/** The card both sign-in and sign-up sit in, so the two screens look and read alike. */
export function AuthCard({ title, intro, children, footer }: AuthCardProps) {
  return (
    <div className="auth-page">
      <Paper component="section" className="auth-card" withBorder shadow="sm" radius="lg" p="xl">
        <Stack gap="lg">
          <div>
            <Title order={1} size="h2">
              {title}
            </Title>
            <Text c="dimmed" mt={4}>
              {intro}
            </Text>
          </div>
          {children}
          {footer}
        </Stack>
      </Paper>
    </div>
  );
}
