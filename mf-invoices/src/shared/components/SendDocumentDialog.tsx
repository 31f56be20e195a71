import {
  checkMailTemplate,
  type DocumentMailDraft,
  type InvoiceMailDraft,
  recipientsProblem,
  splitRecipients,
  uniqueRecipients,
} from "@klarwerk/kit";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Button, Checkbox, Group, List, Loader, Modal, Stack, Text, Textarea, TextInput } from "@klarwerk/kit/ui";
import { type FormEvent, useId, useState } from "react";
import type { MailedDocument } from "../api/document-mail";
import { useDocumentMailDraft, useSendDocumentMail } from "../api/send-mail";
import { sendDialogMessages as messages } from "../send-dialog-messages";

interface SendDocumentDialogProps {
  document: MailedDocument;
  /** The document's heading („Rechnung 2026-0001“, „Angebot AN-2026-0001“), named in the dialog's title. */
  title: string;
  opened: boolean;
  onClose: () => void;
}

type Field = "to" | "subject" | "text";

/** An invoice's draft offers its XRechnung; a quote's has its PDF only. */
const offersXml = (draft: DocumentMailDraft | InvoiceMailDraft): draft is InvoiceMailDraft => "attachXml" in draft;

function SendForm({
  document,
  draft,
  onClose,
}: {
  document: MailedDocument;
  draft: DocumentMailDraft | InvoiceMailDraft;
  onClose: () => void;
}) {
  const attachmentsId = useId();
  const [to, setTo] = useState(draft.to.join(", "));
  const [subject, setSubject] = useState(draft.subject);
  const [text, setText] = useState(draft.text);
  const [attachXml, setAttachXml] = useState(offersXml(draft) && draft.attachXml);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const send = useSendDocumentMail(document);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const recipients = uniqueRecipients(splitRecipients(to));
    const content = checkMailTemplate({ subject, text }, { placeholders: false });
    const found: Partial<Record<Field, string>> = {
      ...(recipientsProblem(recipients) ? { to: recipientsProblem(recipients) ?? undefined } : {}),
      ...content,
    };
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    send.mutate(
      { to: recipients, subject, text, attachXml },
      {
        onSuccess: () => {
          notifySuccess(messages.sent);
          onClose();
        },
        onError: (error) => notifyError(messages.sendFailed, error.message),
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack>
        <TextInput
          label={messages.recipients}
          description={messages.recipientsHint}
          value={to}
          error={errors.to}
          type="text"
          inputMode="email"
          autoComplete="off"
          data-autofocus
          onChange={(event) => setTo(event.currentTarget.value)}
        />
        <TextInput
          label={messages.subject}
          value={subject}
          error={errors.subject}
          onChange={(event) => setSubject(event.currentTarget.value)}
        />
        <Textarea
          label={messages.text}
          value={text}
          error={errors.text}
          autosize
          minRows={6}
          maxRows={14}
          onChange={(event) => setText(event.currentTarget.value)}
        />
        <div>
          <Text fz="sm" fw={500} id={attachmentsId}>
            {messages.attachments}
          </Text>
          <List size="sm" aria-labelledby={attachmentsId} style={{ overflowWrap: "anywhere" }}>
            <List.Item>{draft.pdfName}</List.Item>
            {offersXml(draft) && attachXml && <List.Item>{draft.xmlName}</List.Item>}
          </List>
        </div>
        {offersXml(draft) && (
          <Checkbox
            label={messages.attachXml}
            description={messages.attachXmlHint}
            checked={attachXml}
            onChange={(event) => setAttachXml(event.currentTarget.checked)}
          />
        )}
        <Group justify="flex-end">
          <Button variant="default" type="button" onClick={onClose}>
            {messages.abort}
          </Button>
          <Button type="submit" loading={send.isPending}>
            {messages.sendAction}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

/**
 * „Per E-Mail senden“ for an issued invoice or quote: recipients (the customer's address to start
 * with; several, separated by commas), subject and text from the kind's template, the PDF attached
 * and, for an invoice, the XRechnung when ticked (ticked for a customer with a Leitweg-ID). The
 * mail goes through the outbox.
 */
export function SendDocumentDialog({ document, title, opened, onClose }: SendDocumentDialogProps) {
  const draft = useDocumentMailDraft(document, opened);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={messages.dialogTitle(title)}
      closeButtonProps={{ "aria-label": messages.close }}
      size="lg"
      centered
    >
      {draft.data ? (
        <SendForm document={document} draft={draft.data.draft} onClose={onClose} />
      ) : draft.error ? (
        <Text c="var(--mantine-color-error)" role="alert">
          {draft.error.message}
        </Text>
      ) : (
        <Loader size="sm" aria-label={messages.loading} />
      )}
    </Modal>
  );
}
