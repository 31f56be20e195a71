import type { Customer } from "@klarwerk/kit";
import { SearchIcon } from "@klarwerk/kit/icons";
import { Autocomplete, useDebouncedValue } from "@klarwerk/kit/ui";
import { useState } from "react";
import { useCustomerSearch } from "../api/find-customers";
import { invoiceMessages } from "../messages";

/**
 * "Kunde aus der Kundenverwaltung": searches the customers as the user types (the server's search,
 * not filtered again here) and hands the picked one over; the field empties again after a pick.
 */
export function CustomerPicker({ onPick }: { onPick: (customer: Customer) => void }) {
  const [text, setText] = useState("");
  const [search] = useDebouncedValue(text.trim(), 200);
  const { data } = useCustomerSearch(search);
  const customers = search === "" ? [] : (data?.customers ?? []);
  return (
    <Autocomplete
      label={invoiceMessages.customerPicker}
      placeholder={invoiceMessages.customerPickerPlaceholder}
      leftSection={<SearchIcon />}
      value={text}
      onChange={setText}
      data={customers.map((customer) => ({ value: String(customer.id), label: customer.name }))}
      filter={({ options }) => options}
      onOptionSubmit={(value) => {
        const customer = customers.find((candidate) => String(candidate.id) === value);
        if (customer) onPick(customer);
        // After Mantine has put the label in: the picker is ready for the next search.
        setTimeout(() => setText(""), 0);
      }}
    />
  );
}
