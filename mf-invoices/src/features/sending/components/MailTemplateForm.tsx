import { checkMailTemplate, type MailTemplate, type MailTemplateErrors, mailPlaceholders } from "@klarwerk/kit";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Button, Code, Group, List, Stack, Text, Textarea, TextInput, Title } from "@klarwerk/kit/ui";
import { type FormEvent, useState } from "react";
import { useMailTemplates, useSaveMailTemplates } from "../api/invoice-mail";
import { sendingUiMessages as messages } from "../messages";

function TemplateForm({ template }: { template: MailTemplate }) {
  const [subject, setSubject] = useState(template.subject);
  const [text, setText] = useState(template.text);
  const [errors, setErrors] = useState<MailTemplateErrors>({});
  const save = useSaveMailTemplates();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = checkMailTemplate({ subject, text });
    setErrors(found);
    if (found.subject || found.text) return;
    save.mutate(
      { invoice: { subject, text } },
      {
        onSuccess: () => notifySuccess(messages.templatesSaved),
        onError: (error) => notifyError(messages.templatesFailed, error.message),
      },
    );
  };
  return (
    <form onSubmit={submit} noValidate aria-labelledby="mail-template-title">
      <Stack gap="sm">
        <Title order={3} size="h5" id="mail-template-title">
          {messages.templatesTitle}
        </Title>
        <Text fz="sm">{messages.templatesIntro}</Text>
        <List size="sm" spacing={2}>
          {Object.entries(mailPlaceholders).map(([name, meaning]) => (
            <List.Item key={name}>
              <Code>{`{${name}}`}</Code> {meaning}
            </List.Item>
          ))}
        </List>
        <TextInput
          label={messages.subject}
          value={subject}
          error={errors.subject}
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
          onChange={(event) => {
            setText(event.currentTarget.value);
            setErrors((current) => ({ ...current, text: undefined }));
          }}
        />
        <Group justify="flex-end">
          <Button type="submit" loading={save.isPending}>
            {messages.templatesSave}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/** The invoice mail's template in the Firmeneinstellungen (admins): subject, text, the placeholders explained. */
export function MailTemplateSection({ opened }: { opened: boolean }) {
  const templates = useMailTemplates(opened);
  if (!templates.data || !opened) return null;
  return <TemplateForm template={templates.data.invoice} />;
}
