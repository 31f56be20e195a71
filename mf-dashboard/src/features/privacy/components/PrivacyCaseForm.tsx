import { type PrivacyCaseKind, privacyCaseKindLabels, privacyCaseKinds, todayInGermany } from "@klarwerk/kit";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Button, Group, NativeSelect, SimpleGrid, TextInput } from "@klarwerk/kit/ui";
import { type FormEvent, useState } from "react";
import { useCreatePrivacyCase } from "../api/privacy-cases";
import { privacyScreenMessages } from "../messages";

const messages = privacyScreenMessages.form;
const kindOptions = privacyCaseKinds.map((kind) => ({ value: kind, label: privacyCaseKindLabels[kind] }));

/** „Neue Anfrage erfassen“: the person's address, an optional name, the kind and the day it came in. */
export function PrivacyCaseForm({ onCreated }: { onCreated: (id: number) => void }) {
  const today = todayInGermany();
  const [email, setEmail] = useState("");
  const [name, setName] = useState("");
  const [kind, setKind] = useState<PrivacyCaseKind>("access");
  const [receivedOn, setReceivedOn] = useState(today);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useCreatePrivacyCase({
    onSuccess: (created) => {
      notifySuccess(messages.created);
      setEmail("");
      setName("");
      setProblem(null);
      onCreated(created.id);
    },
    onError: (error) => {
      setProblem(error.message);
      notifyError(messages.failed, error.message);
    },
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ email, name: name.trim() === "" ? null : name, kind, received_on: receivedOn });
  };

  return (
    <form aria-label={messages.title} onSubmit={submit}>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label={messages.email}
          // Not type="email": browsers refuse umlauts before the @ there, and people have such addresses.
          inputMode="email"
          autoComplete="off"
          required
          value={email}
          error={problem}
          onChange={(event) => setEmail(event.currentTarget.value)}
        />
        <TextInput label={messages.name} value={name} onChange={(event) => setName(event.currentTarget.value)} />
        <NativeSelect
          label={messages.kind}
          data={kindOptions}
          value={kind}
          onChange={(event) => setKind(event.currentTarget.value as PrivacyCaseKind)}
        />
        <TextInput
          label={messages.receivedOn}
          type="date"
          max={today}
          required
          value={receivedOn}
          onChange={(event) => setReceivedOn(event.currentTarget.value)}
        />
      </SimpleGrid>
      <Group justify="flex-end" mt="md">
        <Button type="submit" loading={create.isPending}>
          {messages.submit}
        </Button>
      </Group>
    </form>
  );
}
