import type { CustomerActivityInput, CustomerContactDraft } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { queryOptions, refetchAfterWrite, useMutation, useQueryClient } from "@klarwerk/kit/query";
import { customersKey } from "./get-customers";

/** Under the list's key: a save in the dialog (which refreshes `customersKey`) refreshes the page too. */
export const customerPageKey = (id: number) => [...customersKey, "page", id] as const;

/** The customer with its Ansprechpartner and tags (`GET /api/customers/:id`). */
export function customerDetailQuery(id: number) {
  return queryOptions({
    queryKey: [...customerPageKey(id), "detail"],
    queryFn: ({ signal }) => callApi("GET /api/customers/:id", { params: { id }, signal }),
  });
}

/** The first `limit` entries of the timeline, newest first. */
export function customerTimelineQuery(id: number, limit: number) {
  return queryOptions({
    queryKey: [...customerPageKey(id), "timeline", limit],
    queryFn: ({ signal }) =>
      callApi("GET /api/customers/:id/timeline", { params: { id }, query: { page: 1, limit }, signal }),
  });
}

/** Every tag in use (the list's filter). */
export const customerTagsQuery = queryOptions({
  queryKey: [...customersKey, "tags"],
  queryFn: ({ signal }) => callApi("GET /api/customers/tags", { signal }),
});

export type CustomerPageWrite =
  | { kind: "add-contact"; contact: CustomerContactDraft }
  | { kind: "change-contact"; contactId: number; contact: CustomerContactDraft }
  | { kind: "remove-contact"; contactId: number }
  | { kind: "add-tag"; tag: string }
  | { kind: "remove-tag"; tag: string }
  | { kind: "log"; activity: CustomerActivityInput }
  | { kind: "upload-file"; file: File }
  | { kind: "link-file"; fileId: number }
  | { kind: "unlink-file"; fileId: number };

async function write(id: number, change: CustomerPageWrite): Promise<void> {
  const params = { id };
  switch (change.kind) {
    case "add-contact":
      await callApi("POST /api/customers/:id/contacts", { params, json: change.contact });
      return;
    case "change-contact":
      await callApi("PUT /api/customers/:id/contacts/:contactId", {
        params: { id, contactId: change.contactId },
        json: change.contact,
      });
      return;
    case "remove-contact":
      await callApi("DELETE /api/customers/:id/contacts/:contactId", { params: { id, contactId: change.contactId } });
      return;
    case "add-tag":
      await callApi("POST /api/customers/:id/tags", { params, json: { tag: change.tag } });
      return;
    case "remove-tag":
      await callApi("DELETE /api/customers/:id/tags/:tag", { params: { id, tag: change.tag } });
      return;
    case "log":
      await callApi("POST /api/customers/:id/timeline", { params, json: change.activity });
      return;
    case "upload-file": {
      // Into the file area's „Kunden“, linked to this customer in the same step (decision 0103).
      const form = new FormData();
      form.append("customer_id", String(id));
      form.append("file", change.file);
      await callApi("POST /api/files/upload", { json: form });
      return;
    }
    case "link-file":
      await callApi("POST /api/customers/:id/files", { params, json: { file_id: change.fileId } });
      return;
    case "unlink-file":
      await callApi("DELETE /api/customers/:id/files/:fileId", { params: { id, fileId: change.fileId } });
      return;
  }
}

/** One write of the page; afterwards the page (and the list's tag filter) reload. */
export function useCustomerPageWrite(id: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: CustomerPageWrite) => write(id, change),
    onSuccess: () => refetchAfterWrite(queryClient, customerPageKey(id), customerTagsQuery.queryKey),
  });
}

/** Files of the file area by name, for „Datei verknüpfen“ (`GET /api/files/search`); nothing is asked for "". */
export function fileSearchQuery(search: string) {
  return queryOptions({
    queryKey: ["files", "search", search],
    queryFn: ({ signal }) => callApi("GET /api/files/search", { query: { search }, signal }),
    enabled: search !== "",
  });
}
