import { isBlank } from "@klarwerk/kit";
import { Button, Group, Modal, Stack, TextInput } from "@klarwerk/kit/ui";
import { type FormEvent, useState } from "react";
import { filesMessages as messages } from "../messages";

interface RenameDialogProps {
  /** The current name: the field starts with it. */
  name: string;
  /** Stores the new name; a refusal's message is shown at the field. */
  save: (name: string) => Promise<void>;
  onClose: () => void;
}

/** „Umbenennen“ of a file or folder: the server's rules decide (a blank name is refused here first). */
export function RenameDialog({ name, save, onClose }: RenameDialogProps) {
  const [value, setValue] = useState(name);
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (isBlank(value)) {
      setError(messages.nameBlank);
      return;
    }
    setPending(true);
    try {
      await save(value.trim());
      onClose();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : messages.unknownError);
    } finally {
      setPending(false);
    }
  };

  return (
    <Modal
      opened
      onClose={onClose}
      title={messages.renameTitle(name)}
      closeButtonProps={{ "aria-label": messages.cancel }}
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={messages.newNameLabel}
            value={value}
            onChange={(event) => {
              setValue(event.currentTarget.value);
              setError(null);
            }}
            error={error}
            data-autofocus
          />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={onClose}>
              {messages.cancel}
            </Button>
            <Button type="submit" loading={pending}>
              {messages.rename}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
