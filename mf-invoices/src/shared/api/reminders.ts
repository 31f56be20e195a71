import {
  type BaseRate,
  type InvoiceReminder,
  type ReminderBatchAnswer,
  type ReminderLevel,
  type ReminderSettings,
  type ReminderSettingsAnswer,
  reminderPdfFileName,
} from "@klarwerk/kit";
import { callApi, downloadFromApi } from "@klarwerk/kit/browser";
import { queryOptions, refetchAfterWrite, useMutation, useQuery, useQueryClient } from "@klarwerk/kit/query";
import { invoicesKey } from "./invoices-key";

/** Under the invoices' key: making a reminder refreshes the lists, the Auswertung and every history. */
const remindersKey = (invoiceId: number) => [...invoicesKey, "reminders", invoiceId] as const;
const settingsKey = ["invoices-reminder-settings"] as const;

/** An invoice's reminders (`GET /api/invoices/{id}/reminders`). */
export function useInvoiceReminders(invoiceId: number, enabled = true) {
  return useQuery({
    ...queryOptions({
      queryKey: remindersKey(invoiceId),
      queryFn: async ({ signal }): Promise<InvoiceReminder[]> =>
        (await callApi("GET /api/invoices/:id/reminders", { params: { id: invoiceId }, signal })).reminders,
    }),
    enabled,
  });
}

/** What a „Erinnern“ would make for these invoices now, nothing stored (`preview: true`). */
export function useReminderPreview(ids: number[], consumer: boolean, enabled: boolean) {
  return useQuery({
    queryKey: [...invoicesKey, "reminder-preview", ids, consumer],
    queryFn: (): Promise<ReminderBatchAnswer> =>
      callApi("POST /api/invoices/reminders", { json: { ids, consumer, preview: true } }),
    enabled: enabled && ids.length > 0,
    staleTime: 0,
    gcTime: 0,
  });
}

/** Makes them: each invoice checked again when its reminder is made (`POST /api/invoices/reminders`). */
export function useMakeReminders() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { ids: number[]; consumer: boolean; sendByMail: boolean }): Promise<ReminderBatchAnswer> =>
      callApi("POST /api/invoices/reminders", { json: input }),
    onSuccess: () => refetchAfterWrite(queryClient, invoicesKey),
  });
}

export function downloadReminderPdf(reminder: InvoiceReminder, number: string): Promise<void> {
  return downloadFromApi(
    `/api/invoices/${reminder.invoiceId}/reminders/${reminder.id}/pdf`,
    reminderPdfFileName(reminder.level as ReminderLevel, number),
  );
}

/** The Mahnwesen settings and the Basiszinssätze (`GET /api/invoices/reminder-settings`). */
export function useReminderSettings(enabled = true) {
  return useQuery({
    ...queryOptions({
      queryKey: settingsKey,
      queryFn: ({ signal }) => callApi("GET /api/invoices/reminder-settings", { signal }),
    }),
    enabled,
  });
}

export function useSaveReminderSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (settings: ReminderSettings): Promise<ReminderSettingsAnswer> =>
      callApi("PUT /api/invoices/reminder-settings", { json: settings }),
    onSuccess: (answer) => queryClient.setQueryData(settingsKey, answer),
  });
}

export function useAddBaseRate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (rate: BaseRate): Promise<ReminderSettingsAnswer> =>
      callApi("POST /api/invoices/base-rates", { json: rate }),
    onSuccess: (answer) => queryClient.setQueryData(settingsKey, answer),
  });
}
