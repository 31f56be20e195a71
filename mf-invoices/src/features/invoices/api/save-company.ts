import type { CompanyAnswer, CompanySettingsDraft } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { useMutation, useQueryClient } from "@klarwerk/kit/query";
import { companyKey } from "../../../shared/api/get-company";

/** Saves the company settings (`PUT /api/company`, admins only). */
export function saveCompany(settings: CompanySettingsDraft): Promise<CompanyAnswer> {
  return callApi("PUT /api/company", { json: settings });
}

export function useSaveCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveCompany,
    onSuccess: (answer) => queryClient.setQueryData(companyKey, answer),
  });
}
