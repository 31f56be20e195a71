import type { CompanySettingsDraft } from "@klarwerk/kit";
import { apiJson } from "@klarwerk/kit/browser";
import { useMutation, useQueryClient } from "@klarwerk/kit/query";
import { type CompanyAnswer, companyKey } from "./get-company";

/** Saves the company settings (`PUT /api/company`, admins only). */
export function saveCompany(settings: CompanySettingsDraft): Promise<CompanyAnswer> {
  return apiJson<CompanyAnswer>("/api/company", { method: "PUT", json: settings });
}

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompany,
    onSuccess: (answer) => queryClient.setQueryData(companyKey, answer),
  });
}
