import type { Customer } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { useEffect } from "react";

/**
 * `<path>?kunde=<id>` (the customer page's „Neue Rechnung“ and „Neues Angebot“, decisions 0095
 * and 0103): the parameter is taken off the address at once, so a reload starts empty, and the
 * customer is read and handed to `pick`, as picking it in „Kunde“ does. An unknown id picks nothing.
 */
export function useCustomerFromUrl(path: string, pick: (customer: Customer) => void): void {
  useEffect(() => {
    const params = new URLSearchParams(window.location.search);
    const id = Number(params.get("kunde"));
    if (!Number.isSafeInteger(id) || id < 1) return;
    params.delete("kunde");
    const rest = params.toString();
    window.history.replaceState(window.history.state, "", `${path}${rest ? `?${rest}` : ""}${window.location.hash}`);
    callApi("GET /api/customers/:id", { params: { id } }).then(
      ({ customer }) => pick(customer),
      () => undefined,
    );
  }, [path, pick]);
}
