import { TrashIcon } from "@klarwerk/kit/icons";
import { ActionIcon, Button, Table, Text, TextInput, Title, VisuallyHidden } from "@klarwerk/kit/ui";
import { memo, useCallback, useEffect, useId, useRef } from "react";
import { invoiceMessages, itemFieldLabel, removeItemLabel } from "../messages";
import { canRemoveItem, invoiceInputHints } from "../model/form";
import { emptyInvoiceItem, type InvoiceItemForm } from "../model/types";
import { AmountInput } from "./AmountInput";
import { DecimalInput } from "./DecimalInput";
import "./items-editor.css";

type ItemsUpdate = (update: (items: InvoiceItemForm[]) => InvoiceItemForm[]) => void;

interface ItemsEditorProps {
  items: InvoiceItemForm[];
  /** Per row: its line total as printed, or null while the row would be dropped on saving. */
  lineTotals: (string | null)[];
  /** "Mindestens ein gültiger Artikel ist notwendig" after a refused save. */
  error?: string;
  onChange: ItemsUpdate;
}

interface ItemRowProps {
  index: number;
  item: InvoiceItemForm;
  lineTotal: string | null;
  removable: boolean;
  idPrefix: string;
  errorId: string | undefined;
  onChange: ItemsUpdate;
  onRemove: (index: number) => void;
}

function descriptionId(idPrefix: string, index: number): string {
  return `${idPrefix}-description-${index}`;
}

const ItemRow = memo(function ItemRow({
  index,
  item,
  lineTotal,
  removable,
  idPrefix,
  errorId,
  onChange,
  onRemove,
}: ItemRowProps) {
  const row = index + 1;
  const change = (patch: Partial<InvoiceItemForm>) =>
    onChange((items) => items.map((current, position) => (position === index ? { ...current, ...patch } : current)));
  return (
    <Table.Tr>
      <Table.Td c="dimmed" fz="sm" className="inv-items__number" data-label={invoiceMessages.itemNumber}>
        {row}
      </Table.Td>
      <Table.Td data-label={invoiceMessages.description}>
        <TextInput
          id={descriptionId(idPrefix, index)}
          aria-label={itemFieldLabel(invoiceMessages.description, row)}
          aria-describedby={errorId}
          error={errorId !== undefined && lineTotal === null}
          value={item.description}
          onChange={(event) => change({ description: event.currentTarget.value })}
        />
      </Table.Td>
      <Table.Td data-label={invoiceMessages.quantity}>
        <DecimalInput
          aria-label={itemFieldLabel(invoiceMessages.quantity, row)}
          {...invoiceInputHints.quantity}
          value={item.quantity}
          onChange={(quantity) => change({ quantity })}
        />
      </Table.Td>
      <Table.Td data-label={invoiceMessages.price}>
        <AmountInput
          aria-label={itemFieldLabel(invoiceMessages.price, row)}
          value={item.price}
          onChange={(price) => change({ price })}
        />
      </Table.Td>
      <Table.Td ta="right" style={{ whiteSpace: "nowrap" }} data-label={invoiceMessages.lineTotal}>
        {lineTotal ?? (
          <Text span c="dimmed">
            –
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        {removable && (
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={removeItemLabel(row)}
            title={removeItemLabel(row)}
            onClick={() => onRemove(index)}
          >
            <TrashIcon />
          </ActionIcon>
        )}
      </Table.Td>
    </Table.Tr>
  );
});

/**
 * The "Artikel" rows of the form: Beschreibung, Anzahl, Preis (€ / Stück) and the live line
 * total; a remove button only while more than one row exists; "+ Artikel hinzufügen". Focus
 * follows the rows: a new row's description gets it, and after a removal the row that took the
 * removed one's place does.
 */
export function ItemsEditor({ items, lineTotals, error, onChange }: ItemsEditorProps) {
  const idPrefix = useId();
  const errorId = error ? `${idPrefix}-error` : undefined;
  const focusRow = useRef<number | null>(null);
  const removable = canRemoveItem(items);

  useEffect(() => {
    if (focusRow.current === null) return;
    document.getElementById(descriptionId(idPrefix, Math.min(focusRow.current, items.length - 1)))?.focus();
    focusRow.current = null;
  });

  const addItem = () => {
    focusRow.current = items.length;
    onChange((current) => [...current, emptyInvoiceItem()]);
  };
  const removeItem = useCallback(
    (index: number) => {
      focusRow.current = index;
      onChange((current) => (canRemoveItem(current) ? current.filter((_, position) => position !== index) : current));
    },
    [onChange],
  );

  return (
    <div>
      <Title order={3} size="h5" mb="xs">
        {invoiceMessages.items}
      </Title>
      {/* A table on wider screens; below 48em each item's fields stack in a card (items-editor.css). */}
      <Table verticalSpacing={6} horizontalSpacing="xs" layout="fixed" className="inv-items">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={36}>
              <VisuallyHidden>{invoiceMessages.itemNumber}</VisuallyHidden>
            </Table.Th>
            <Table.Th>{invoiceMessages.description}</Table.Th>
            <Table.Th w={110}>{invoiceMessages.quantity}</Table.Th>
            <Table.Th w={160}>{invoiceMessages.price}</Table.Th>
            <Table.Th w={130} ta="right">
              {invoiceMessages.lineTotal}
            </Table.Th>
            <Table.Th w={52}>
              <VisuallyHidden>{invoiceMessages.itemActions}</VisuallyHidden>
            </Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {items.map((item, index) => (
            <ItemRow
              // Rows have no identity of their own; every field is controlled, so a removal
              // simply shifts the values up.
              // biome-ignore lint/suspicious/noArrayIndexKey: see above
              key={index}
              index={index}
              item={item}
              lineTotal={lineTotals[index] ?? null}
              removable={removable}
              idPrefix={idPrefix}
              errorId={errorId}
              onChange={onChange}
              onRemove={removeItem}
            />
          ))}
        </Table.Tbody>
      </Table>
      {error && (
        <Text id={errorId} c="var(--mantine-color-error)" fz="sm" mt={4}>
          {error}
        </Text>
      )}
      <Button variant="light" mt="sm" onClick={addItem}>
        {invoiceMessages.addItem}
      </Button>
    </div>
  );
}
