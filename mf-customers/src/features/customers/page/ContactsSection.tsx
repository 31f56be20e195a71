import { type CustomerContact, type CustomerContactDraft, checkCustomerContact } from "@klarwerk/kit";
import { Button, Group, Paper, SimpleGrid, Table, Text, TextInput, Title } from "@klarwerk/kit/ui";
import { type FormEvent, useState } from "react";
import type { CustomerPageWrite } from "../api/customer-page";
import { customerPageScreenMessages as messages } from "./messages";

const empty: Required<CustomerContactDraft> = { name: "", role: "", email: "", phone: "" };
const { contactFields: fields } = messages;

function ContactForm({
  initial,
  busy,
  onSave,
  onCancel,
}: {
  initial: Required<CustomerContactDraft>;
  busy: boolean;
  onSave: (contact: CustomerContactDraft) => Promise<boolean>;
  onCancel: () => void;
}) {
  const [values, setValues] = useState(initial);
  const [error, setError] = useState<string | null>(null);
  const set = (field: keyof CustomerContactDraft) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [field]: value }));
  };
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkCustomerContact(values);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(null);
    if (await onSave(check.contact)) setValues(empty);
  };
  return (
    <form onSubmit={submit} noValidate>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
        <TextInput label={fields.name} required value={values.name} onChange={set("name")} error={error} />
        <TextInput label={fields.role} value={values.role ?? ""} onChange={set("role")} />
        <TextInput label={fields.email} type="email" value={values.email ?? ""} onChange={set("email")} />
        <TextInput label={fields.phone} type="tel" value={values.phone ?? ""} onChange={set("phone")} />
      </SimpleGrid>
      <Group justify="flex-end" gap="sm" mt="sm">
        <Button variant="default" onClick={onCancel}>
          {messages.cancel}
        </Button>
        <Button type="submit" loading={busy}>
          {messages.save}
        </Button>
      </Group>
    </form>
  );
}

/** The people at the customer: a table (blocks on a phone), and a form to add or change one. */
export function ContactsSection({
  contacts,
  busy,
  onWrite,
}: {
  contacts: CustomerContact[];
  busy: boolean;
  onWrite: (change: CustomerPageWrite) => Promise<boolean>;
}) {
  // null: no form; "new": adding; a number: that contact's form.
  const [editing, setEditing] = useState<"new" | number | null>(null);
  const edited = typeof editing === "number" ? contacts.find((contact) => contact.id === editing) : undefined;
  const save = async (contact: CustomerContactDraft) => {
    const done = await onWrite(
      typeof editing === "number"
        ? { kind: "change-contact", contactId: editing, contact }
        : { kind: "add-contact", contact },
    );
    if (done) setEditing(null);
    return done;
  };
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} component="section" aria-labelledby="cust-contacts">
      <Group justify="space-between" gap="sm">
        <Title order={2} size="h3" id="cust-contacts">
          {messages.contacts}
        </Title>
        {editing === null && (
          <Button variant="light" onClick={() => setEditing("new")}>
            {messages.addContact}
          </Button>
        )}
      </Group>
      {contacts.length === 0 ? (
        <Text c="dimmed" size="sm" mt="sm">
          {messages.contactsEmpty}
        </Text>
      ) : (
        <Table className="kw-stacked-table" mt="sm" verticalSpacing="xs">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{fields.name}</Table.Th>
              <Table.Th>{fields.role}</Table.Th>
              {/* „E-Mail“ would break at its hyphen when the addresses take the room. */}
              <Table.Th style={{ whiteSpace: "nowrap" }}>{fields.email}</Table.Th>
              <Table.Th>{fields.phone}</Table.Th>
              <Table.Th>{messages.contactActions}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {contacts.map((contact) => (
              <Table.Tr key={contact.id}>
                <Table.Td fw={600}>{contact.name}</Table.Td>
                <Table.Td data-label={fields.role}>{contact.role ?? "-"}</Table.Td>
                <Table.Td data-label={fields.email} className="cust-wrap">
                  {contact.email ? <a href={`mailto:${contact.email}`}>{contact.email}</a> : "-"}
                </Table.Td>
                <Table.Td data-label={fields.phone}>{contact.phone ?? "-"}</Table.Td>
                <Table.Td>
                  <Group gap={6}>
                    <Button
                      variant="light"
                      size="xs"
                      aria-label={messages.editContact(contact.name)}
                      onClick={() => setEditing(contact.id)}
                    >
                      {messages.edit}
                    </Button>
                    <Button
                      variant="subtle"
                      color="red"
                      size="xs"
                      aria-label={messages.removeContact(contact.name)}
                      onClick={() => void onWrite({ kind: "remove-contact", contactId: contact.id })}
                    >
                      {messages.remove}
                    </Button>
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      {editing !== null && (
        <ContactForm
          key={editing}
          initial={
            edited
              ? { name: edited.name, role: edited.role ?? "", email: edited.email ?? "", phone: edited.phone ?? "" }
              : empty
          }
          busy={busy}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      )}
    </Paper>
  );
}
