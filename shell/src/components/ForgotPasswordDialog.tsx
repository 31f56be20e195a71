import { limits } from "@klarwerk/kit";
import { apiFetch } from "@klarwerk/kit/browser";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Button, Group, Modal, Stack, Text, TextInput } from "@klarwerk/kit/ui";
import { type FormEvent, useEffect, useState } from "react";
import { passwordResetMessages as messages } from "../routes/password-reset-messages";

interface ForgotPasswordDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The address typed on the login form, if any. */
  initialEmail?: string;
}

/** "Passwort vergessen?": asks for a reset link; the answer is the same for every address. */
export function ForgotPasswordDialog({ opened, onClose, initialEmail = "" }: ForgotPasswordDialogProps) {
  const [email, setEmail] = useState(initialEmail);
  const [sending, setSending] = useState(false);

  useEffect(() => {
    if (opened) setEmail(initialEmail);
  }, [opened, initialEmail]);

  async function onSubmit(event: FormEvent<HTMLFormElement>): Promise<void> {
    event.preventDefault();
    setSending(true);
    try {
      await apiFetch("/api/password-reset", { method: "POST", json: { email: email.trim() } });
      notifySuccess(messages.sentTitle, messages.sentText);
      onClose();
    } catch (error) {
      notifyError(messages.sendFailed, error instanceof Error ? error.message : undefined);
    } finally {
      setSending(false);
    }
  }

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={messages.forgotTitle}
      radius="lg"
      closeButtonProps={{ "aria-label": messages.cancel }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      <form onSubmit={onSubmit}>
        <Stack gap="md">
          <Text size="sm">{messages.forgotIntro}</Text>
          <TextInput
            label={messages.email}
            type="email"
            name="email"
            autoComplete="email"
            required
            data-autofocus
            maxLength={limits.emailMax}
            value={email}
            onChange={(event) => setEmail(event.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {messages.cancel}
            </Button>
            <Button type="submit" disabled={sending}>
              {sending ? messages.sending : messages.send}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
