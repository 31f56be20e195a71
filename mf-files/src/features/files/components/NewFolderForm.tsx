import { isBlank } from "@klarwerk/kit";
import { PlusIcon } from "@klarwerk/kit/icons";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Button, Group, TextInput } from "@klarwerk/kit/ui";
import { type FormEvent, useState } from "react";
import { useCreateFolder } from "../api/create-folder";
import { filesMessages as messages } from "../messages";

/** Creates a folder in the current folder; a blank name is refused here, before any request. */
export function NewFolderForm({ parentId }: { parentId: number | null }) {
  const [name, setName] = useState("");
  const create = useCreateFolder({
    onSuccess: (folder) => {
      setName("");
      notifySuccess(messages.folderCreated, messages.folderCreatedText(folder.name));
    },
    onError: (error) => notifyError(messages.folderCreateFailed, error.message),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isBlank(name)) {
      notifyError(messages.folderNameBlank);
      return;
    }
    create.mutate({ name: name.trim(), parentId });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Group gap="xs" align="flex-end" wrap="wrap">
        <TextInput
          label={messages.newFolderLabel}
          placeholder={messages.newFolderPlaceholder}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
          className="files-new-folder-input"
        />
        <Button type="submit" leftSection={<PlusIcon size={16} />} loading={create.isPending}>
          {messages.createFolder}
        </Button>
      </Group>
    </form>
  );
}
