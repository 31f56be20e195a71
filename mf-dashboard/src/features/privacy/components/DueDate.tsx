import { daysUntilDue, formatDate, type PrivacyCase, privacyDueWarningDays, todayInGermany } from "@klarwerk/kit";
import { Badge, Group } from "@klarwerk/kit/ui";
import { privacyScreenMessages } from "../messages";

const messages = privacyScreenMessages.due;

/** A case's due date; a week before it a yellow note, on the day and after a red one (not for finished cases). */
export function DueDate({ privacyCase }: { privacyCase: PrivacyCase }) {
  const days = daysUntilDue(privacyCase.due_on, todayInGermany());
  const open = privacyCase.status !== "done";
  let note: { color: string; text: string } | null = null;
  if (open && days < 0) note = { color: "red", text: messages.overdue };
  else if (open && days === 0) note = { color: "red", text: messages.today };
  else if (open && days <= privacyDueWarningDays) note = { color: "yellow", text: messages.soon(days) };
  return (
    <Group gap="xs" wrap="nowrap">
      <span>{formatDate(privacyCase.due_on)}</span>
      {note && (
        <Badge color={note.color} variant="light">
          {note.text}
        </Badge>
      )}
    </Group>
  );
}
