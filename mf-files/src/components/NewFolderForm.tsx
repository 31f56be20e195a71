import { isBlank } from "@klarwerk/kit";
import { PlusIcon } from "@klarwerk/kit/icons";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Button, Group, TextInput } from "@mantine/core";
import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type FormEvent, useState } from "react";
import { createFolder, filesQueryKeys, refreshList } from "../files/api";
import { filesMessages as messages } from "../files/messages";

/** Creates a folder in the current folder (spec section 5: the name must not be blank). */
export function NewFolderForm({ parentId }: { parentId: number | null }) {
  const [name, setName] = useState("");
  const queryClient = useQueryClient();
  const create = useMutation({
    mutationFn: (folderName: string) => createFolder(folderName, parentId),
    onSuccess: (folder) => {
      setName("");
      notifySuccess(messages.folderCreated, messages.folderCreatedText(folder.name));
      void refreshList(queryClient, filesQueryKeys.folders(parentId));
    },
    onError: (error) => notifyError(messages.folderCreateFailed, error.message),
  });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (isBlank(name)) {
      notifyError(messages.folderNameBlank);
      return;
    }
    create.mutate(name.trim());
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
