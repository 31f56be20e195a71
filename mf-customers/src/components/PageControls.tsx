import { Button, Group, Text } from "@klarwerk/kit/ui";
import { customerScreenMessages as messages } from "../messages";

export interface PageControlsProps {
  page: number;
  pages: number;
  /** False when a search's count stopped at its cap: "Seite X von mehr als Y". */
  pagesExact?: boolean;
  onPage: (page: number) => void;
}

/** "Zurück", "Seite X von Y", "Weiter": Zurück is disabled on page 1, Weiter on the last page. */
export function PageControls({ page, pages, pagesExact = true, onPage }: PageControlsProps) {
  return (
    <Group component="nav" aria-label={messages.pagination} justify="center" gap="sm" mt="lg" wrap="nowrap">
      <Button variant="default" size="sm" disabled={page <= 1} onClick={() => onPage(page - 1)}>
        {messages.previous}
      </Button>
      <Text size="sm" fw={500} aria-live="polite" className="cust-page">
        {pagesExact ? messages.pageOf(page, pages) : messages.pageOfMore(page, pages)}
      </Text>
      <Button variant="default" size="sm" disabled={page >= pages} onClick={() => onPage(page + 1)}>
        {messages.next}
      </Button>
    </Group>
  );
}
