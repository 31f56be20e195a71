import { modals, Text } from "@klarwerk/kit/ui";
import { sharedMessages as messages } from "../messages";

export interface RemovalConfirmation {
  title: string;
  text: string;
  /** The confirm button's label, the action's own name ("Ablehnen", "Löschen", "Browser vergessen"). */
  confirm: string;
  onConfirm: () => void;
}

/**
 * Asks before an account or request is deleted, or known browsers are forgotten: a modal dialog (`role="dialog"`, named by its
 * title) with the focus inside, closed by "Abbrechen", ×, Escape or the backdrop.
 */
export function confirmRemoval({ title, text, confirm, onConfirm }: RemovalConfirmation): void {
  modals.openConfirmModal({
    title,
    children: <Text size="sm">{text}</Text>,
    labels: { confirm, cancel: messages.cancel },
    confirmProps: { color: "red.9" },
    closeButtonProps: { "aria-label": messages.close },
    radius: "lg",
    centered: true,
    styles: { title: { fontWeight: 700 } },
    onConfirm,
  });
}
