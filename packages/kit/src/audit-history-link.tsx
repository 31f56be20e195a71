// By package name: each kit entry is its own federation singleton (see portal.tsx).
import { useAuth } from "@klarwerk/kit/browser";
import { Button } from "@klarwerk/kit/ui";
import { type AuditObjectType, auditHistoryPath, auditMessages } from "./audit";

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
      aria-label={auditMessages.historyLinkLabel(objectName)}
    >
      {auditMessages.history}
    </Button>
  );
}
