import type { MailTemplate, MailTemplateKind } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@klarwerk/kit/query";

export const mailTemplatesKey = ["company", "mail-templates"] as const;

/** Every kind's template (`GET /api/company/mail-templates`, admins only). */
export function useMailTemplates(enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: mailTemplatesKey,
      queryFn: ({ signal }) => callApi("GET /api/company/mail-templates", { signal }),
    }),
    enabled,
  });
}

/** Saves one kind's template (`PUT /api/company/mail-templates/{kind}`). */
export function useSaveMailTemplate(kind: MailTemplateKind) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: MailTemplate) =>
      callApi("PUT /api/company/mail-templates/:kind", { params: { kind }, json: body }),
    onSuccess: (answer) =>
      queryClient.setQueryData(mailTemplatesKey, (current: Record<MailTemplateKind, MailTemplate> | undefined) =>
        current ? { ...current, [answer.kind]: answer.template } : current,
      ),
  });
}
