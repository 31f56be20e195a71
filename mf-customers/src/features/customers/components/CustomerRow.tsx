import { type Customer, type CustomerStatus, customerStatusLabel, websiteHref } from "@klarwerk/kit";
import { AuditHistoryLink } from "@klarwerk/kit/portal";
import { Anchor, Badge, Button, Group, Table, Text, VisuallyHidden } from "@klarwerk/kit/ui";
import { Fragment } from "react";
import { customerScreenMessages as messages } from "../messages";
import { MissingValue, NotesCell } from "./NotesCell";

const { columns } = messages;

const statusColors: Record<CustomerStatus, string> = {
  angerufen: "blue",
  in_kontakt: "cyan",
  keine_rueckmeldung: "gray",
  abweisung: "red",
  gespraeche: "orange",
  vertrag: "teal",
};

/**
 * Addresses have no spaces, so a narrow column would cut them anywhere; this lets them wrap after
 * "@" and "/" instead ("kanzlei@" / "hoffmann.de").
 */
function Breakable({ text }: { text: string }) {
  const parts = text.split(/(?<=[@/])/);
  return parts.map((part, index) => (
    // biome-ignore lint/suspicious/noArrayIndexKey: the parts of one fixed string, never reordered
    <Fragment key={index}>
      {part}
      {index < parts.length - 1 && <wbr />}
    </Fragment>
  ));
}

function PlainValue({ value, address = false }: { value: string | null; address?: boolean }) {
  if (!value) return <MissingValue />;
  return (
    <Text size="sm" className="cust-wrap">
      {address ? <Breakable text={value} /> : value}
    </Text>
  );
}

/** Only http(s) addresses become links, opening in a new tab; anything else is shown as text. */
function WebsiteValue({ website }: { website: string | null }) {
  const href = websiteHref(website);
  if (!website) return <MissingValue />;
  if (!href) return <PlainValue value={website} address />;
  return (
    <Anchor href={href} target="_blank" rel="noopener noreferrer" size="sm" className="cust-wrap">
      <Breakable text={website.replace(/^https?:\/\//i, "")} />
      <VisuallyHidden>{messages.websiteNewTab}</VisuallyHidden>
    </Anchor>
  );
}

export function CustomerRow({ customer, onEdit }: { customer: Customer; onEdit: (customer: Customer) => void }) {
  return (
    <Table.Tr>
      <Table.Th scope="row" className="cust-col-name" data-label={columns.name}>
        <Anchor href={`/customers/${customer.id}`} size="sm" fw={600} className="cust-wrap">
          {customer.name}
        </Anchor>
      </Table.Th>
      <Table.Td className="cust-col-email" data-label={columns.email}>
        <PlainValue value={customer.email} address />
      </Table.Td>
      <Table.Td className="cust-col-phone" data-label={columns.phone}>
        <PlainValue value={customer.phone} />
      </Table.Td>
      <Table.Td className="cust-col-website" data-label={columns.website}>
        <WebsiteValue website={customer.website} />
      </Table.Td>
      <Table.Td className="cust-col-notes" data-label={columns.notes}>
        <NotesCell notes={customer.notes} />
      </Table.Td>
      <Table.Td data-label={columns.status}>
        <Badge
          variant="dot"
          color={statusColors[customer.status]}
          tt="none"
          size="md"
          classNames={{ root: "cust-status", label: "cust-status" }}
        >
          {customerStatusLabel(customer.status)}
        </Badge>
      </Table.Td>
      <Table.Td className="cust-col-action">
        <Group gap={6} wrap="nowrap">
          <Button
            variant="light"
            size="xs"
            onClick={() => onEdit(customer)}
            aria-label={messages.editCustomer(customer.name)}
          >
            {messages.edit}
          </Button>
          <AuditHistoryLink objectType="customer" objectId={customer.id} objectName={customer.name} />
        </Group>
      </Table.Td>
    </Table.Tr>
  );
}
