// By package name: each kit entry is its own federation singleton (see portal.tsx).
import { Button, Group, Pagination, Text } from "@klarwerk/kit/ui";
import type { ReactNode } from "react";

/**
 * The pager's texts: "Zurück", "Seite X von Y", "Weiter" as the spec fixes them for the
 * customers; the numbered pager's accessible names. Here rather than in the kit's messages.ts:
 * the shell's first-load entry holds that module, and would carry these with it.
 */
export const pagerMessages = {
  previous: "Zurück",
  next: "Weiter",
  pageOf: (page: number, pages: number) => `Seite ${page} von ${pages}`,
  /** A count that stopped at its cap: there are more pages than `pages - 1`. */
  pageOfMore: (page: number, pages: number) => `Seite ${page} von mehr als ${pages - 1}`,
  previousPage: "Vorherige Seite",
  nextPage: "Nächste Seite",
  page: (page: number) => `Seite ${page}`,
} as const;

export interface PagerProps {
  page: number;
  pages: number;
  onPage: (page: number) => void;
  /** The navigation's accessible name, e.g. "Seiten der Kundenliste". */
  label: string;
  /**
   * "steps": "Zurück", "Seite X von Y", "Weiter" (the spec's customer list), shown on one page
   * too; "numbers": a button per page, shown from two pages on.
   */
  variant: "steps" | "numbers";
  /**
   * What the list holds, beside the controls ("1–10 von 13 Dateien"); the screen words it, so a
   * count it only estimates can say so.
   */
  total?: ReactNode;
  /** False when the list's count stopped at a cap ("Seite X von mehr als Y"). */
  pagesExact?: boolean;
}

/** The one pager of the list screens. */
export function Pager({ page, pages, onPage, label, variant, total, pagesExact = true }: PagerProps) {
  const controls =
    variant === "steps" ? (
      <Group component="nav" aria-label={label} justify="center" gap="sm" wrap="nowrap">
        <Button variant="default" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
          {pagerMessages.previous}
        </Button>
        <Text
          size="sm"
          fw={500}
          aria-live="polite"
          ta="center"
          style={{ fontVariantNumeric: "tabular-nums", whiteSpace: "nowrap" }}
        >
          {pagesExact ? pagerMessages.pageOf(page, pages) : pagerMessages.pageOfMore(page, pages)}
        </Text>
        <Button variant="default" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
          {pagerMessages.next}
        </Button>
      </Group>
    ) : (
      pages > 1 && (
        <nav aria-label={label}>
          <Pagination
            total={pages}
            value={Math.min(page, pages)}
            onChange={onPage}
            size="sm"
            getItemProps={(item) => ({ "aria-label": pagerMessages.page(item) })}
            getControlProps={(control) =>
              control === "previous"
                ? { "aria-label": pagerMessages.previousPage }
                : control === "next"
                  ? { "aria-label": pagerMessages.nextPage }
                  : {}
            }
          />
        </nav>
      )
    );
  if (total === undefined) {
    return (
      <Group justify="center" mt="lg">
        {controls}
      </Group>
    );
  }
  return (
    <Group justify="space-between" gap="sm" wrap="wrap">
      <Text size="sm" c="dimmed">
        {total}
      </Text>
      {controls}
    </Group>
  );
}
