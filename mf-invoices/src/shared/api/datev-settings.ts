import type { DatevSettingsAnswer, DatevSettingsDraft } from "@klarwerk/kit";
import { callApi } from "@klarwerk/kit/browser";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@klarwerk/kit/query";

export const datevSettingsKey = ["company", "datev"] as const;

/** The DATEV export's settings (`GET /api/company/datev`, admins only). */
export function useDatevSettings(enabled: boolean) {
  return useQuery({
    ...queryOptions({
      queryKey: datevSettingsKey,
      queryFn: ({ signal }) => callApi("GET /api/company/datev", { signal }),
    }),
    enabled,
  });
}

/** Saves them (`PUT /api/company/datev`, admins only). */
export function useSaveDatevSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (draft: DatevSettingsDraft): Promise<DatevSettingsAnswer> =>
      callApi("PUT /api/company/datev", { json: draft }),
    onSuccess: (answer) => queryClient.setQueryData(datevSettingsKey, answer),
  });
}
