import { type Customer, type CustomerInput, type CustomerPage, customerPaging } from "@klarwerk/kit";
import { apiJson } from "@klarwerk/kit/browser";

export interface CustomerListFilter {
  page: number;
  /** Trimmed; "" for none. */
  search: string;
  /** A status, or "" for all. */
  status: string;
}

/** Every list query starts with this key, so a save can refresh all of them at once. */
export const customerListKey = ["customers"] as const;

export function customerPageKey(filter: CustomerListFilter) {
  return [...customerListKey, filter] as const;
}

export function fetchCustomerPage(filter: CustomerListFilter, signal?: AbortSignal): Promise<CustomerPage> {
  return apiJson<CustomerPage>("/api/customers", {
    query: { page: filter.page, limit: customerPaging.defaultLimit, search: filter.search, status: filter.status },
    signal,
  });
}

/** Creates the customer (no id) or replaces the one with this id; resolves to what the server stored. */
export async function saveCustomer(customer: CustomerInput, id: number | null): Promise<Customer> {
  const answer =
    id === null
      ? await apiJson<{ customer: Customer }>("/api/customers", { method: "POST", json: customer })
      : await apiJson<{ customer: Customer }>(`/api/customers/${id}`, { method: "PUT", json: { id, ...customer } });
  return answer.customer;
}
