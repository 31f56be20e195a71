import { ApiError } from "@klarwerk/kit/browser";
import { formatDateTime } from "@klarwerk/kit/format";
import { useQuery } from "@klarwerk/kit/query";
import { Button, Group, Modal, Stack, Text, TextInput, useDebouncedValue } from "@klarwerk/kit/ui";
import { useState } from "react";
import { type CustomerPageWrite, fileSearchQuery } from "../api/customer-page";
import { customerPageScreenMessages as messages } from "./messages";

/**
 * „Datei verknüpfen“ (decision 0103): a file already in the file area, found by name in every
 * folder (the file area's own search), linked to the customer with one click. The dialog stays
 * open, so several files can be linked in a row; the timeline shows each at once.
 */
export function FileLinkDialog({
  opened,
  onClose,
  busy,
  onWrite,
}: {
  opened: boolean;
  onClose: () => void;
  busy: boolean;
  onWrite: (change: CustomerPageWrite) => Promise<boolean>;
}) {
  const [search, setSearch] = useState("");
  const [term] = useDebouncedValue(search.trim(), 250);
  const [linked, setLinked] = useState<number[]>([]);
  const hits = useQuery({ ...fileSearchQuery(term), enabled: opened && term !== "" });
  const files = hits.data?.files ?? [];
  const link = async (fileId: number) => {
    if (await onWrite({ kind: "link-file", fileId })) setLinked((current) => [...current, fileId]);
  };
  return (
    <Modal opened={opened} onClose={onClose} title={messages.linkFileTitle} size="lg">
      <TextInput
        label={messages.fileSearch}
        placeholder={messages.fileSearchPlaceholder}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        data-autofocus
      />
      {term === "" ? (
        <Text size="sm" c="dimmed" mt="sm">
          {messages.fileSearchHint}
        </Text>
      ) : hits.error ? (
        <Text size="sm" c="var(--mantine-color-error)" role="alert" mt="sm">
          {hits.error instanceof ApiError ? hits.error.message : messages.fileSearchFailed}
        </Text>
      ) : hits.data && files.length === 0 ? (
        <Text size="sm" c="dimmed" mt="sm" role="status">
          {messages.fileSearchEmpty}
        </Text>
      ) : (
        <Stack component="ul" gap="xs" mt="sm" className="cust-file-hits" aria-busy={hits.isFetching}>
          {files.map((file) => (
            <Group component="li" key={file.id} justify="space-between" wrap="nowrap" gap="sm">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" className="cust-timeline-text">
                  {file.original_name}
                </Text>
                <Text size="xs" c="dimmed">
                  {[...file.folder_path.map((step) => step.name), formatDateTime(file.created_at)].join(" · ")}
                </Text>
              </div>
              <Button
                size="xs"
                variant={linked.includes(file.id) ? "subtle" : "light"}
                disabled={busy || linked.includes(file.id)}
                aria-label={messages.linkThis(
                  linked.includes(file.id) ? messages.fileLinked : messages.link,
                  file.original_name,
                )}
                onClick={() => void link(file.id)}
              >
                {linked.includes(file.id) ? messages.fileLinked : messages.link}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
