// By package name: each kit entry is its own federation singleton (see portal.tsx).
import { useAuth } from "@klarwerk/kit/browser";
import { Button } from "@klarwerk/kit/ui";
// The type only: the trail's texts and action labels (./audit) are for the Protokoll's screen, not
// for every portal screen that shows this link.
import type { AuditObjectType } from "./audit";

/** The link's texts. */
export const auditHistoryMessages = {
  history: "Verlauf",
  /** The accessible name of an object's "Verlauf" link, e.g. „Verlauf von Rechnung RE-2025-0001“. */
  historyLinkLabel: (object: string) => `Verlauf von ${object}`,
} as const;

/**
 * Where an object's "Verlauf" opens: the Protokoll filtered by that object (admins only, as the
 * trail's routes are). The Protokoll reads these parameters as its first filter.
 */
export function auditHistoryPath(objectType: AuditObjectType, objectId: string | number): string {
  return `/audit?${new URLSearchParams({ object_type: objectType, object_id: String(objectId) })}`;
}

interface AuditHistoryLinkProps {
  objectType: AuditObjectType;
  objectId: string | number;
  /** How the object is named on screen (the customer's name, the invoice's number), for the link's accessible name. */
  objectName: string;
}

/**
 * „Verlauf“ of a customer, invoice or file: a link into the Protokoll filtered by that object,
 * where its events page, export and verify like any others. Only admins see it: the trail's
 * routes refuse everyone else.
 */
export function AuditHistoryLink({ objectType, objectId, objectName }: AuditHistoryLinkProps) {
  const { user } = useAuth();
  if (user?.role !== "admin") return null;
  return (
    <Button
      component="a"
      href={auditHistoryPath(objectType, objectId)}
      variant="subtle"
      size="xs"
      aria-label={auditHistoryMessages.historyLinkLabel(objectName)}
    >
      {auditHistoryMessages.history}
    </Button>
  );
}
