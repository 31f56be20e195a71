import { shareLinkMaxDays } from "@klarwerk/kit";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Button, Group, NumberInput } from "@klarwerk/kit/ui";
import { type FormEvent, useState } from "react";
import { useSaveShareLinkSettings, useShareLinkSettings } from "../api/share-links";
import { filesMessages as messages } from "../messages";

/** An admin's „Höchste Gültigkeit neuer Links“ above „Alle Freigaben“ (decision 0096). */
export function ShareMaxDaysForm() {
  const settings = useShareLinkSettings();
  const save = useSaveShareLinkSettings();
  const [typed, setTyped] = useState<number | string | null>(null);
  const value = typed ?? settings.data?.max_days ?? "";

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      { max_days: Number(value) },
      {
        onSuccess: () => {
          setTyped(null);
          notifySuccess(messages.maxDaysSaved);
        },
        onError: (error) => notifyError(messages.maxDaysFailed, error.message),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NumberInput
          label={messages.maxDaysLabel}
          description={messages.maxDaysHint(shareLinkMaxDays)}
          min={1}
          max={shareLinkMaxDays}
          allowDecimal={false}
          value={value}
          onChange={setTyped}
          w={{ base: "100%", sm: 380 }}
        />
        <Button type="submit" variant="default" loading={save.isPending} disabled={settings.data === undefined}>
          {messages.maxDaysSave}
        </Button>
      </Group>
    </form>
  );
}
