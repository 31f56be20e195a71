import {
  checkDatevSettings,
  type DatevChart,
  type DatevRevenueKey,
  type DatevSettings,
  type DatevSettingsField,
  datevCharts,
  datevDefaultRevenueAccounts,
  datevFieldLabels,
  datevFieldOrder,
  datevMessages,
  datevRevenueKeys,
  datevRevenueLabels,
  monthNames,
} from "@klarwerk/kit";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Button, Group, NativeSelect, SimpleGrid, Stack, Text, TextInput, Title } from "@klarwerk/kit/ui";
import { type FormEvent, useState } from "react";
import { useSaveDatevSettings } from "../../../shared/api/datev-settings";

interface Values {
  consultantNumber: string;
  clientNumber: string;
  chart: DatevChart;
  accountLength: string;
  fiscalYearStartMonth: string;
  collectiveDebtor: string;
  revenueAccounts: Record<DatevRevenueKey, { account: string; taxKey: string }>;
}

function valuesOf(settings: DatevSettings): Values {
  return {
    consultantNumber: settings.consultantNumber?.toString() ?? "",
    clientNumber: settings.clientNumber?.toString() ?? "",
    chart: settings.chart,
    accountLength: String(settings.accountLength),
    fiscalYearStartMonth: String(settings.fiscalYearStartMonth),
    collectiveDebtor: String(settings.collectiveDebtor),
    revenueAccounts: Object.fromEntries(
      datevRevenueKeys.map((key) => {
        const { account, taxKey } = settings.revenueAccounts[key];
        return [key, { account, taxKey: taxKey ?? "" }];
      }),
    ) as Values["revenueAccounts"],
  };
}

interface DatevSettingsFormProps {
  settings: DatevSettings;
}

/**
 * „DATEV-Export“ in the company dialog: Berater- und Mandantennummer, Kontenrahmen with its
 * revenue account (and BU-Schlüssel) per tax case, pre-filled with the chart's standard accounts
 * when the chart is picked, Sachkontenlänge, Wirtschaftsjahresbeginn and the Sammeldebitor.
 * Checked by the kit's rules before saving (the server checks them again).
 */
export function DatevSettingsForm({ settings }: DatevSettingsFormProps) {
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  const [errors, setErrors] = useState<Partial<Record<DatevSettingsField, string>>>({});
  const save = useSaveDatevSettings();
  const set = <K extends keyof Values>(field: K & DatevSettingsField, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const setRevenue = (key: DatevRevenueKey, part: "account" | "taxKey", value: string) => {
    setValues((current) => ({
      ...current,
      revenueAccounts: { ...current.revenueAccounts, [key]: { ...current.revenueAccounts[key], [part]: value } },
    }));
    setErrors((current) => ({ ...current, [`revenue.${key}`]: undefined }));
  };
  const pickChart = (chart: DatevChart) => {
    const defaults = datevDefaultRevenueAccounts(chart);
    setValues((current) => ({
      ...current,
      chart,
      revenueAccounts: Object.fromEntries(
        datevRevenueKeys.map((key) => [key, { account: defaults[key].account, taxKey: "" }]),
      ) as Values["revenueAccounts"],
    }));
    setErrors({});
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const check = checkDatevSettings(values);
    if (!check.ok) {
      setErrors(check.errors);
      const first = datevFieldOrder.find((field) => check.errors[field]);
      if (first) notifyError(check.errors[first] ?? datevMessages.exportFailed);
      return;
    }
    save.mutate(check.settings, {
      onSuccess: () => notifySuccess(datevMessages.settingsSaved),
      onError: (error) => notifyError(datevMessages.settingsSave, error.message),
    });
  };
  const errorProps = { c: "var(--mantine-color-error)" };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="datev-settings-title">
      <Stack>
        <Title order={3} fz="h4" id="datev-settings-title">
          {datevMessages.settingsTitle}
        </Title>
        <Text fz="sm" c="dimmed">
          {datevMessages.settingsDescription}
        </Text>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label={datevFieldLabels.consultantNumber}
            inputMode="numeric"
            value={values.consultantNumber}
            error={errors.consultantNumber}
            errorProps={errorProps}
            onChange={(event) => set("consultantNumber", event.currentTarget.value)}
          />
          <TextInput
            label={datevFieldLabels.clientNumber}
            inputMode="numeric"
            value={values.clientNumber}
            error={errors.clientNumber}
            errorProps={errorProps}
            onChange={(event) => set("clientNumber", event.currentTarget.value)}
          />
          <NativeSelect
            label={datevFieldLabels.chart}
            data={[...datevCharts]}
            value={values.chart}
            error={errors.chart}
            onChange={(event) => pickChart(event.currentTarget.value as DatevChart)}
          />
          <TextInput
            label={datevFieldLabels.accountLength}
            inputMode="numeric"
            value={values.accountLength}
            error={errors.accountLength}
            errorProps={errorProps}
            onChange={(event) => set("accountLength", event.currentTarget.value)}
          />
          <NativeSelect
            label={datevFieldLabels.fiscalYearStartMonth}
            data={monthNames.map((name, index) => ({ value: String(index + 1), label: name }))}
            value={values.fiscalYearStartMonth}
            error={errors.fiscalYearStartMonth}
            onChange={(event) => set("fiscalYearStartMonth", event.currentTarget.value)}
          />
          <TextInput
            label={datevFieldLabels.collectiveDebtor}
            inputMode="numeric"
            value={values.collectiveDebtor}
            error={errors.collectiveDebtor}
            errorProps={errorProps}
            onChange={(event) => set("collectiveDebtor", event.currentTarget.value)}
          />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {datevRevenueKeys.map((key) => (
            <Group key={key} grow align="flex-start" gap="xs" wrap="nowrap">
              <TextInput
                label={datevFieldLabels.revenueAccount(datevRevenueLabels[key])}
                inputMode="numeric"
                value={values.revenueAccounts[key].account}
                error={errors[`revenue.${key}`]}
                errorProps={errorProps}
                onChange={(event) => setRevenue(key, "account", event.currentTarget.value)}
              />
              <TextInput
                label={datevFieldLabels.taxKey(datevRevenueLabels[key])}
                inputMode="numeric"
                maw={120}
                value={values.revenueAccounts[key].taxKey}
                onChange={(event) => setRevenue(key, "taxKey", event.currentTarget.value)}
              />
            </Group>
          ))}
        </SimpleGrid>
        <Group justify="flex-end">
          <Button type="submit" variant="default" loading={save.isPending}>
            {datevMessages.settingsSave}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
