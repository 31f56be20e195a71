import {
  type AuditFilter,
  auditActions,
  auditObjectTypes,
  isAuditAction,
  isAuditObjectType,
  auditMessages as messages,
} from "@klarwerk/kit";
import { Button, Group, NativeSelect, SimpleGrid, TextInput } from "@klarwerk/kit/ui";
import { useEffect, useState } from "react";
import { isReversedRange, withFilter } from "../filter";

/** An account the person filter offers. */
export interface AuditPerson {
  id: number;
  name: string;
  email: string;
}

interface AuditFiltersProps {
  filter: AuditFilter;
  onChange: (filter: AuditFilter) => void;
  people: AuditPerson[];
}

const anyOption = { value: "", label: messages.anyOption };
const actionOptions = [
  anyOption,
  ...Object.entries(auditActions).map(([value, spec]) => ({ value, label: spec.label })),
];
const objectTypeOptions = [anyOption, ...Object.entries(auditObjectTypes).map(([value, label]) => ({ value, label }))];

/** Typing an object number waits for a pause: no request per keystroke. */
const objectIdDelayMs = 300;

/**
 * The Protokoll's filters: person, action, object (type and number), date range. Native selects
 * and date inputs, each labelled, so every one is reachable and usable by keyboard. A choice
 * applies at once; a range whose end lies before its start is said at the field and not asked.
 */
export function AuditFilters({ filter, onChange, people }: AuditFiltersProps) {
  const [objectId, setObjectId] = useState(filter.object_id ?? "");
  const [range, setRange] = useState({ from: filter.from ?? "", to: filter.to ?? "" });
  const reversed = isReversedRange({ from: range.from || undefined, to: range.to || undefined });

  useEffect(() => {
    const typed = objectId.trim();
    if (typed === (filter.object_id ?? "")) return;
    const timer = setTimeout(() => onChange(withFilter(filter, "object_id", typed)), objectIdDelayMs);
    return () => clearTimeout(timer);
  }, [objectId, filter, onChange]);

  const changeDate = (name: "from" | "to", value: string) => {
    const next = { ...range, [name]: value };
    setRange(next);
    if (isReversedRange({ from: next.from || undefined, to: next.to || undefined })) return;
    onChange(withFilter(withFilter(filter, "from", next.from), "to", next.to));
  };

  const reset = () => {
    setObjectId("");
    setRange({ from: "", to: "" });
    onChange({});
  };

  const personOptions = [
    anyOption,
    ...people.map((person) => ({ value: String(person.id), label: `${person.name} (${person.email})` })),
  ];

  return (
    <form aria-label={messages.filtersLabel} onSubmit={(event) => event.preventDefault()}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="sm">
        <NativeSelect
          label={messages.filterActor}
          data={personOptions}
          value={filter.actor_id === undefined ? "" : String(filter.actor_id)}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange(withFilter(filter, "actor_id", value === "" ? undefined : Number(value)));
          }}
        />
        <NativeSelect
          label={messages.filterAction}
          data={actionOptions}
          value={filter.action ?? ""}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange(withFilter(filter, "action", isAuditAction(value) ? value : undefined));
          }}
        />
        <NativeSelect
          label={messages.filterObjectType}
          data={objectTypeOptions}
          value={filter.object_type ?? ""}
          onChange={(event) => {
            const value = event.currentTarget.value;
            onChange(withFilter(filter, "object_type", isAuditObjectType(value) ? value : undefined));
          }}
        />
        <TextInput
          label={messages.filterObjectId}
          value={objectId}
          maxLength={64}
          onChange={(event) => setObjectId(event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={messages.filterFrom}
          value={range.from}
          onChange={(event) => changeDate("from", event.currentTarget.value)}
        />
        <TextInput
          type="date"
          label={messages.filterTo}
          value={range.to}
          error={reversed ? messages.invalidRange : undefined}
          onChange={(event) => changeDate("to", event.currentTarget.value)}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="sm">
        <Button type="button" variant="subtle" size="xs" onClick={reset}>
          {messages.resetFilters}
        </Button>
      </Group>
    </form>
  );
}
