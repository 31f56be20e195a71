import {
  type AuditEvent,
  auditActions,
  auditChangeLine,
  auditFieldLabel,
  auditObjectTypes,
  formatDateTime,
  auditMessages as messages,
} from "@klarwerk/kit";
import { Table, Text } from "@klarwerk/kit/ui";

/** The table's columns, in order (the header and each cell's `data-label`). */
export const auditColumns = {
  time: messages.columnTime,
  actor: messages.columnActor,
  action: messages.columnAction,
  object: messages.columnObject,
  fields: messages.columnFields,
  address: messages.columnAddress,
} as const;
const columns = auditColumns;

/** What the event was about: „Rechnung Nr. 12“, the type alone, or "–". */
export function auditObjectLabel(event: Pick<AuditEvent, "object_type" | "object_id">): string {
  if (!event.object_type) return "–";
  const type = auditObjectTypes[event.object_type];
  return event.object_id ? messages.objectLabel(type, event.object_id) : type;
}

/** One event of the Protokoll: when, who (with the name the account had then), what, on what, which fields. */
export function AuditEventRow({ event }: { event: AuditEvent }) {
  const changes = event.changes ? Object.entries(event.changes) : [];
  const type = event.object_type;
  return (
    <Table.Tr>
      <Table.Td data-label={columns.time} className="users-nowrap">
        {formatDateTime(event.occurred_at)}
      </Table.Td>
      <Table.Td data-label={columns.actor} className="users-wrap">
        {event.actor_name}
      </Table.Td>
      <Table.Td data-label={columns.action}>{auditActions[event.action]?.label ?? event.action}</Table.Td>
      <Table.Td data-label={columns.object}>{auditObjectLabel(event)}</Table.Td>
      <Table.Td data-label={columns.fields} className="users-wrap">
        {changes.length > 0 ? (
          changes.map(([field, change]) => (
            <Text key={field} size="sm">
              {auditChangeLine(type, field, change)}
            </Text>
          ))
        ) : (
          <Text size="sm">
            {event.fields.length > 0 ? event.fields.map((field) => auditFieldLabel(type, field)).join(", ") : "–"}
          </Text>
        )}
      </Table.Td>
      <Table.Td data-label={columns.address} className="users-nowrap">
        {event.client_address ?? "–"}
      </Table.Td>
    </Table.Tr>
  );
}
