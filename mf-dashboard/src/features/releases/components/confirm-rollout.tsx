import { modals, Text } from "@klarwerk/kit/ui";
import { releasesMessages as messages } from "../messages";

/**
 * Asks before a rollout change, saying what visitors will see: a modal dialog named by its title,
 * closed by "Abbrechen", ×, Escape or the backdrop.
 */
export function confirmRollout({
  title,
  text,
  confirm,
  onConfirm,
}: {
  title: string;
  text: string;
  confirm: string;
  onConfirm: () => void;
}): void {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{text}</Text>,
    labels: { confirm, cancel: messages.cancel },
    closeButtonProps: { "aria-label": messages.close },
    radius: "lg",
    centered: true,
    styles: { title: { fontWeight: 700 } },
    onConfirm,
  });
}
