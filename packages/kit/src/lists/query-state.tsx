// By package name: each kit entry is its own federation singleton (see portal.tsx).
import { Button, Group, Loader, Stack, Text } from "@klarwerk/kit/ui";
import type { ReactNode } from "react";
import { appMessages } from "../messages";

export interface QueryStateTexts {
  /** "Lade Kunden...": while nothing is there yet. */
  loading?: string;
  /** "Fehler beim Laden der Kunden": the last load failed. */
  loadFailed?: string;
  /** "Keine Kunden gefunden.": the list arrived without rows. */
  empty?: string;
  /** The line under the empty text, e.g. how to add the first row. */
  emptyHint?: string;
}

export interface QueryStateProps {
  /** Something arrived (the rows or an empty list); false before the first answer. */
  loaded: boolean;
  /** The last load failed: said with a retry button, above what is still shown. */
  error?: unknown;
  /** The answer holds no rows. */
  empty?: boolean;
  onRetry?: () => void;
  /** The retry runs: its button spins. */
  retrying?: boolean;
  texts: QueryStateTexts;
  /** The rows, shown once loaded and not empty. */
  children?: ReactNode;
}

/**
 * What every list shows around its rows: "loading" before the first answer, a failure with
 * "Erneut versuchen" (never an empty list in its place), the empty text, else the rows.
 */
export function QueryState({ loaded, error, empty = false, onRetry, retrying, texts, children }: QueryStateProps) {
  const failure = error != null && (
    <Stack align="center" gap="sm" py={loaded ? "sm" : "xl"}>
      <Text c="var(--mantine-color-error)" fw={600} role="alert">
        {texts.loadFailed}
      </Text>
      {onRetry && (
        <Button variant="light" onClick={onRetry} loading={retrying}>
          {appMessages.retry}
        </Button>
      )}
    </Stack>
  );
  if (!loaded) {
    return (
      failure || (
        <Group justify="center" gap="sm" py="xl" role="status">
          <Loader size="sm" />
          <Text c="dimmed">{texts.loading}</Text>
        </Group>
      )
    );
  }
  return (
    <>
      {failure}
      {empty ? (
        <Stack align="center" gap={4} py="xl">
          <Text fw={600} size="lg">
            {texts.empty}
          </Text>
          {texts.emptyHint && (
            <Text c="dimmed" size="sm">
              {texts.emptyHint}
            </Text>
          )}
        </Stack>
      ) : (
        children
      )}
    </>
  );
}
