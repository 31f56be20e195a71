import type {
  CustomerImportChoice,
  CustomerImportDryRun,
  CustomerImportMapping,
  CustomerImportPreview,
  CustomerImportResult,
} from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { refetchAfterWrite, useMutation, useQueryClient } from "@klarwerk/kit/query";
import { customersKey } from "./get-customers";

/** The file's bytes to the API (decision 0099): detected encoding and separator, preview, proposed mapping. */
export async function uploadCustomerFile(file: File): Promise<CustomerImportPreview> {
  // As bytes: the API reads the encoding itself, and the body policy takes no text/csv.
  const body = new Blob([file], { type: "application/octet-stream" });
  return (await callApi("POST /api/customers/imports", { json: body })).import;
}

export function dryRunImport({
  id,
  mapping,
}: {
  id: number;
  mapping: CustomerImportMapping;
}): Promise<CustomerImportDryRun> {
  return callApi("POST /api/customers/imports/:id/dry-run", { params: { id }, json: { mapping } });
}

export async function runImport({
  id,
  choices,
}: {
  id: number;
  choices: Record<string, CustomerImportChoice>;
}): Promise<CustomerImportResult> {
  return (await callApi("POST /api/customers/imports/:id/run", { params: { id }, json: { choices } })).result;
}

export async function undoImport(id: number): Promise<CustomerImportResult> {
  return (await callApi("POST /api/customers/imports/:id/undo", { params: { id } })).result;
}

export function useUploadCustomerFile() {
  return useMutation({ mutationFn: uploadCustomerFile });
}

export function useDryRunImport() {
  return useMutation({ mutationFn: dryRunImport });
}

/** The import and its undo change the list: every list page is read again afterwards. */
export function useRunImport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: runImport, onSuccess: () => refetchAfterWrite(queryClient, customersKey) });
}

export function useUndoImport() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: undoImport, onSuccess: () => refetchAfterWrite(queryClient, customersKey) });
}
