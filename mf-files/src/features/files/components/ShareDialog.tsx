import {
  type ShareTargetKind,
  shareLinkDefaultDays,
  shareLinkDownloadLimitMax,
  shareLinkMaxDays,
  shareLinkPasswordMin,
} from "@klarwerk/kit";
import { Alert, Button, Checkbox, Group, Modal, NumberInput, Stack, Text, TextInput } from "@klarwerk/kit/ui";
import { PasswordInput } from "@klarwerk/kit/ui-extra";
import { type FormEvent, useState } from "react";
import { useCreateShareLink, useShareLinkSettings } from "../api/share-links";
import { filesMessages as messages } from "../messages";

interface ShareDialogProps {
  kind: ShareTargetKind;
  id: number;
  name: string;
  onClose: () => void;
}

/**
 * „Freigeben“: expiry, optional password, limit, label and a mail at the first opening; then the
 * link, shown once, with „Kopieren“.
 */
export function ShareDialog({ kind, id, name, onClose }: ShareDialogProps) {
  // The admins' maximum (30 until it has loaded; the server holds the line either way); until the
  // person types, the default, or the maximum when that is shorter.
  const maxDays = useShareLinkSettings().data?.max_days ?? shareLinkMaxDays;
  const [typedDays, setDays] = useState<number | string | null>(null);
  const days = typedDays ?? Math.min(shareLinkDefaultDays, maxDays);
  const [password, setPassword] = useState("");
  const [limit, setLimit] = useState<number | string>("");
  const [label, setLabel] = useState("");
  const [notifyOnOpen, setNotifyOnOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [url, setUrl] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const create = useCreateShareLink();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    try {
      const created = await create.mutateAsync({
        target_kind: kind,
        target_id: id,
        days: Number(days),
        ...(password === "" ? {} : { password }),
        download_limit: limit === "" ? null : Number(limit),
        label,
        notify_on_open: notifyOnOpen,
      });
      setUrl(new URL(created.path, window.location.origin).toString());
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : messages.unknownError);
    }
  };

  const copy = async () => {
    if (!url) return;
    await navigator.clipboard?.writeText(url).catch(() => {});
    setCopied(true);
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={messages.shareTitle(name)}
      closeButtonProps={{ "aria-label": messages.close }}
    >
      {url ? (
        <Stack gap="md">
          <Alert color="green" title={messages.shareCreated}>
            {messages.shareLinkOnce}
          </Alert>
          <TextInput
            label={messages.shareLinkLabel}
            value={url}
            readOnly
            onFocus={(event) => event.currentTarget.select()}
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {messages.close}
            </Button>
            <Button onClick={copy}>{copied ? messages.copied : messages.copy}</Button>
          </Group>
        </Stack>
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            {kind === "folder" && (
              <Text size="sm" c="dimmed">
                {messages.shareFolderHint}
              </Text>
            )}
            <NumberInput
              label={messages.shareDaysLabel}
              description={messages.shareDaysHint(maxDays)}
              min={1}
              max={maxDays}
              allowDecimal={false}
              value={days}
              onChange={setDays}
              data-autofocus
            />
            <PasswordInput
              label={messages.sharePasswordLabel}
              description={messages.sharePasswordHint(shareLinkPasswordMin)}
              autoComplete="new-password"
              value={password}
              onChange={(event) => setPassword(event.currentTarget.value)}
            />
            <NumberInput
              label={messages.shareLimitLabel}
              description={messages.shareLimitHint}
              min={1}
              max={shareLinkDownloadLimitMax}
              allowDecimal={false}
              value={limit}
              onChange={setLimit}
            />
            <TextInput
              label={messages.shareNameLabel}
              placeholder={messages.shareNamePlaceholder}
              value={label}
              onChange={(event) => setLabel(event.currentTarget.value)}
            />
            <Checkbox
              label={messages.shareNotifyLabel}
              checked={notifyOnOpen}
              onChange={(event) => setNotifyOnOpen(event.currentTarget.checked)}
            />
            {error && (
              <Text c="red" size="sm" role="alert">
                {error}
              </Text>
            )}
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={onClose}>
                {messages.cancel}
              </Button>
              <Button type="submit" loading={create.isPending}>
                {messages.shareCreate}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
