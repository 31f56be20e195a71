import {
  type BaseRate,
  formatDecimal,
  formatEuro,
  parseEuroInput,
  parseNumberInput,
  type ReminderSettings,
  reminderLabels,
  reminderMessages,
} from "@klarwerk/kit";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, Table, Text, TextInput, Title } from "@klarwerk/kit/ui";
import { type FormEvent, useId, useState } from "react";
import { useAddBaseRate, useReminderSettings, useSaveReminderSettings } from "../../../shared/api/reminders";
import { formatGermanDate } from "../../../shared/model/dates";
import { reminderScreenMessages as messages } from "../../../shared/reminder-messages";

interface Values {
  feeReminder: string;
  feeFirst: string;
  feeSecond: string;
  pointsBusiness: string;
  pointsConsumer: string;
  deadlineDays: string;
  flatFee: boolean;
  reminderInterest: boolean;
}

/** „12,50 €“ in a field reads as „12,50“. */
const euroText = (cents: number) => formatEuro(cents).replace(/\s?€$/, "");

function valuesOf(settings: ReminderSettings): Values {
  return {
    feeReminder: euroText(settings.feeReminderCents),
    feeFirst: euroText(settings.feeFirstCents),
    feeSecond: euroText(settings.feeSecondCents),
    pointsBusiness: formatDecimal(settings.pointsBusiness),
    pointsConsumer: formatDecimal(settings.pointsConsumer),
    deadlineDays: String(settings.deadlineDays),
    flatFee: settings.flatFee,
    reminderInterest: settings.reminderInterest,
  };
}

type Checked = { ok: true; settings: ReminderSettings } | { ok: false; field: keyof Values; message: string };

function check(values: Values): Checked {
  const fee = (field: "feeReminder" | "feeFirst" | "feeSecond", label: string) => {
    const cents = parseEuroInput(values[field]);
    return cents === null || cents < 0 || cents > 100_000 ? { field, message: reminderMessages.fee(label) } : cents;
  };
  const points = (field: "pointsBusiness" | "pointsConsumer", label: string) => {
    const value = parseNumberInput(values[field]);
    return value === null || value < 0 || value > 30 ? { field, message: reminderMessages.points(label) } : value;
  };
  const parts = [
    fee("feeReminder", reminderLabels.feeReminder),
    fee("feeFirst", reminderLabels.feeFirst),
    fee("feeSecond", reminderLabels.feeSecond),
    points("pointsBusiness", reminderLabels.pointsBusiness),
    points("pointsConsumer", reminderLabels.pointsConsumer),
  ] as const;
  for (const part of parts) if (typeof part !== "number") return { ok: false, ...part };
  const days = Number(values.deadlineDays);
  if (!Number.isInteger(days) || days < 1 || days > 60)
    return { ok: false, field: "deadlineDays", message: reminderMessages.deadlineDays };
  const [feeReminderCents, feeFirstCents, feeSecondCents, pointsBusiness, pointsConsumer] = parts as readonly number[];
  return {
    ok: true,
    settings: {
      feeReminderCents: feeReminderCents ?? 0,
      feeFirstCents: feeFirstCents ?? 0,
      feeSecondCents: feeSecondCents ?? 0,
      pointsBusiness: pointsBusiness ?? 9,
      pointsConsumer: pointsConsumer ?? 5,
      flatFee: values.flatFee,
      reminderInterest: values.reminderInterest,
      deadlineDays: days,
    },
  };
}

function BaseRates({ rates, stale }: { rates: BaseRate[]; stale: boolean }) {
  const headingId = useId();
  const add = useAddBaseRate();
  const [validFrom, setValidFrom] = useState("");
  const [rate, setRate] = useState("");
  const [error, setError] = useState<string | undefined>();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const percent = parseNumberInput(rate);
    if (percent === null) {
      setError(reminderMessages.baseRatePercent);
      return;
    }
    add.mutate(
      { validFrom, ratePercent: percent },
      {
        onSuccess: () => {
          notifySuccess(messages.baseRateSaved);
          setValidFrom("");
          setRate("");
          setError(undefined);
        },
        onError: (failure) => setError(failure.message),
      },
    );
  };
  const newestFirst = [...rates].reverse();
  return (
    <Stack gap="sm" component="section" aria-labelledby={headingId}>
      <Title order={4} fz="h5" id={headingId}>
        {reminderLabels.baseRates}
      </Title>
      <Text fz="sm" c="dimmed">
        {messages.baseRatesDescription}
      </Text>
      {stale && (
        <Alert color="yellow" variant="light" role="status" data-testid="base-rate-stale">
          {reminderMessages.baseRatesStale}
        </Alert>
      )}
      <Table verticalSpacing={4} aria-labelledby={headingId}>
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{reminderLabels.validFrom}</Table.Th>
            <Table.Th ta="right">{reminderLabels.ratePercent}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {newestFirst.map((each) => (
            <Table.Tr key={each.validFrom}>
              <Table.Td>{formatGermanDate(each.validFrom)}</Table.Td>
              <Table.Td ta="right">{formatDecimal(each.ratePercent)} %</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <form onSubmit={submit} noValidate>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            type="date"
            label={reminderLabels.validFrom}
            value={validFrom}
            onChange={(event) => setValidFrom(event.currentTarget.value)}
          />
          <TextInput
            label={reminderLabels.ratePercent}
            inputMode="decimal"
            value={rate}
            error={error}
            errorProps={{ c: "var(--mantine-color-error)" }}
            onChange={(event) => setRate(event.currentTarget.value)}
          />
          <Button type="submit" variant="default" loading={add.isPending}>
            {reminderLabels.addBaseRate}
          </Button>
        </Group>
      </form>
    </Stack>
  );
}

function SettingsFields({ settings }: { settings: ReminderSettings }) {
  const [values, setValues] = useState<Values>(() => valuesOf(settings));
  const [errors, setErrors] = useState<Partial<Record<keyof Values, string>>>({});
  const save = useSaveReminderSettings();
  const set = <K extends keyof Values>(field: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const checked = check(values);
    if (!checked.ok) {
      setErrors({ [checked.field]: checked.message });
      notifyError(checked.message);
      return;
    }
    save.mutate(checked.settings, {
      onSuccess: () => notifySuccess(messages.settingsSaved),
      onError: (error) => notifyError(messages.settingsFailed, error.message),
    });
  };
  const errorProps = { c: "var(--mantine-color-error)" };
  const text = (
    field: "feeReminder" | "feeFirst" | "feeSecond" | "pointsBusiness" | "pointsConsumer" | "deadlineDays",
    label: string,
  ) => (
    <TextInput
      label={label}
      inputMode="decimal"
      value={values[field]}
      error={errors[field]}
      errorProps={errorProps}
      onChange={(event) => set(field, event.currentTarget.value)}
    />
  );
  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
          {text("feeReminder", `${reminderLabels.feeReminder} (€)`)}
          {text("feeFirst", `${reminderLabels.feeFirst} (€)`)}
          {text("feeSecond", `${reminderLabels.feeSecond} (€)`)}
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          {text("pointsBusiness", reminderLabels.pointsBusiness)}
          {text("pointsConsumer", reminderLabels.pointsConsumer)}
        </SimpleGrid>
        {text("deadlineDays", reminderLabels.deadlineDays)}
        <Checkbox
          label={reminderLabels.flatFeeSetting}
          checked={values.flatFee}
          onChange={(event) => set("flatFee", event.currentTarget.checked)}
        />
        <Checkbox
          label={reminderLabels.reminderInterest}
          checked={values.reminderInterest}
          onChange={(event) => set("reminderInterest", event.currentTarget.checked)}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {messages.settingsSave}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** „Mahnwesen“ in the company dialog: fees, default interest, deadline, and the Basiszinssätze (admins). */
export function ReminderSettingsForm({ enabled }: { enabled: boolean }) {
  const headingId = useId();
  const answer = useReminderSettings(enabled);
  if (!answer.data) return null;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="md" data-testid="reminder-settings">
      <Title order={3} fz="h4" id={headingId}>
        {reminderLabels.section}
      </Title>
      <Text fz="sm" c="dimmed">
        {messages.settingsDescription}
      </Text>
      <SettingsFields settings={answer.data.settings} />
      <BaseRates rates={answer.data.baseRates} stale={answer.data.baseRatesStale} />
    </Stack>
  );
}
