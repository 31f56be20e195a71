import {
  checkMailTemplate,
  type MailTemplate,
  type MailTemplateErrors,
  type MailTemplateKind,
  mailPlaceholderMeanings,
  mailTemplateKindLabels,
  mailTemplateKinds,
} from "@klarwerk/kit";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Button, Code, Group, List, NativeSelect, Stack, Text, Textarea, TextInput, Title } from "@klarwerk/kit/ui";
import { type FormEvent, useId, useState } from "react";
import { useMailTemplates, useSaveMailTemplate } from "../api/mail-templates";
import { mailTemplateMessages as messages } from "../template-messages";

const kindOptions = mailTemplateKinds.map((kind) => ({ value: kind, label: mailTemplateKindLabels[kind] }));

/** One kind's subject and text, the placeholders it takes listed under the fields. */
function TemplateForm({ kind, template }: { kind: MailTemplateKind; template: MailTemplate }) {
  const placeholdersId = useId();
  const [subject, setSubject] = useState(template.subject);
  const [text, setText] = useState(template.text);
  const [errors, setErrors] = useState<MailTemplateErrors>({});
  const save = useSaveMailTemplate(kind);
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkMailTemplate({ subject, text });
    setErrors(found);
    if (found.subject || found.text) return;
    save.mutate(
      { subject, text },
      {
        onSuccess: () => notifySuccess(messages.templateSaved(mailTemplateKindLabels[kind])),
        onError: (error) => notifyError(messages.templatesFailed, error.message),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-label={messages.templateFor(mailTemplateKindLabels[kind])}>
      <Stack gap="sm">
        <TextInput
          label={messages.subject}
          value={subject}
          error={errors.subject}
          aria-describedby={placeholdersId}
          onChange={(event) => {
            setSubject(event.currentTarget.value);
            setErrors((current) => ({ ...current, subject: undefined }));
          }}
        />
        <Textarea
          label={messages.text}
          value={text}
          error={errors.text}
          autosize
          minRows={5}
          maxRows={12}
          aria-describedby={placeholdersId}
          onChange={(event) => {
            setText(event.currentTarget.value);
            setErrors((current) => ({ ...current, text: undefined }));
          }}
        />
        <div id={placeholdersId}>
          <Text fz="sm">{messages.placeholders}</Text>
          <List size="sm" spacing={2} style={{ overflowWrap: "anywhere" }}>
            {Object.entries(mailPlaceholderMeanings[kind]).map(([name, meaning]) => (
              <List.Item key={name}>
                <Code>{`{${name}}`}</Code> {meaning}
              </List.Item>
            ))}
          </List>
        </div>
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {messages.templatesSave}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * The mail templates in the Firmeneinstellungen (admins): one kind at a time (Rechnung, Angebot,
 * Zahlungserinnerung, 1. and 2. Mahnung), each the kit's default until saved.
 */
export function MailTemplateEditor({ opened }: { opened: boolean }) {
  const headingId = useId();
  const [kind, setKind] = useState<MailTemplateKind>("invoice");
  const templates = useMailTemplates(opened);
  if (!templates.data || !opened) return null;
  return (
    <section aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={3} size="h5" id={headingId}>
          {messages.templatesTitle}
        </Title>
        <Text fz="sm">{messages.templatesIntro}</Text>
        <NativeSelect
          label={messages.templateKind}
          data={kindOptions}
          value={kind}
          onChange={(event) => {
            const value = event.currentTarget.value;
            setKind(mailTemplateKinds.find((candidate) => candidate === value) ?? "invoice");
          }}
        />
        {/* Every kind's form stays mounted (hidden but the chosen one): switching keeps unsaved edits. */}
        {mailTemplateKinds.map((each) => (
          <div key={each} hidden={each !== kind}>
            <TemplateForm kind={each} template={templates.data[each]} />
          </div>
        ))}
      </Stack>
    </section>
  );
}
