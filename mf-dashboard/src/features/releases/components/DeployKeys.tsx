import { formatDateTime, remoteNames } from "@klarwerk/kit";
import { notifyError } from "@klarwerk/kit/portal";
import {
  Alert,
  Button,
  Code,
  Group,
  NativeSelect,
  Paper,
  Stack,
  Table,
  Text,
  TextInput,
  Title,
} from "@klarwerk/kit/ui";
import { useState } from "react";
import { confirmRemoval } from "../../../shared/components/confirm-removal";
import { useCreateDeployKey, useDeployKeys, useRevokeDeployKey } from "../api/releases";
import { releasesMessages } from "../messages";
import { ReleaseTable } from "./ReleaseTable";

const messages = releasesMessages.keys;

/** The deploy keys: create one per remote (its secret shown once), see their last use, revoke. */
export function DeployKeys() {
  const keys = useDeployKeys();
  const [remote, setRemote] = useState(`mf-${remoteNames[1]}`);
  const [name, setName] = useState("");
  const [secret, setSecret] = useState<string | null>(null);
  const onError = (error: Error) => notifyError(releasesMessages.failed, error.message);
  const create = useCreateDeployKey({ onError });
  const revoke = useRevokeDeployKey({ onError });
  const list = keys.data?.keys ?? [];

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} component="section" aria-labelledby="deploy-keys">
      <Stack gap="sm">
        <Title order={2} size="h3" id="deploy-keys">
          {messages.title}
        </Title>
        <Text size="sm">{messages.description}</Text>
        <form
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate(
              { remote, name },
              {
                onSuccess: (answer) => {
                  setSecret(answer.secret);
                  setName("");
                },
              },
            );
          }}
        >
          <Group align="flex-end">
            <NativeSelect
              label={messages.remote}
              data={remoteNames.map((candidate) => `mf-${candidate}`)}
              value={remote}
              onChange={(event) => setRemote(event.currentTarget.value)}
            />
            <TextInput label={messages.name} value={name} onChange={(event) => setName(event.currentTarget.value)} />
            <Button type="submit" loading={create.isPending} disabled={name.trim() === ""}>
              {messages.create}
            </Button>
          </Group>
        </form>
        {secret && (
          <Alert color="yellow" title={messages.created} radius="lg" withCloseButton onClose={() => setSecret(null)}>
            <Text size="sm">{messages.secretOnce}</Text>
            <Code block>{secret}</Code>
          </Alert>
        )}
        <ReleaseTable
          label={messages.tableLabel}
          columns={[
            messages.name,
            messages.remote,
            messages.hint,
            messages.createdAt,
            messages.lastUsed,
            messages.state,
            releasesMessages.columns.actions,
          ]}
          minWidth={640}
          empty={messages.empty}
        >
          {list.map((key) => (
            <Table.Tr key={key.id}>
              <Table.Td>{key.name}</Table.Td>
              <Table.Td>{`mf-${key.remote}`}</Table.Td>
              <Table.Td>
                <Code>{key.hint}…</Code>
              </Table.Td>
              <Table.Td>{formatDateTime(key.created_at)}</Table.Td>
              <Table.Td>{key.last_used_at ? formatDateTime(key.last_used_at) : messages.never}</Table.Td>
              <Table.Td>
                {key.revoked_at ? `${messages.revoked} ${formatDateTime(key.revoked_at)}` : messages.activeState}
              </Table.Td>
              <Table.Td>
                {!key.revoked_at && (
                  <Button
                    size="xs"
                    variant="default"
                    onClick={() =>
                      confirmRemoval({
                        title: messages.revokeTitle,
                        text: messages.revokeText(key.name),
                        confirm: messages.revoke,
                        onConfirm: () => revoke.mutate(key.id),
                      })
                    }
                  >
                    {messages.revoke}
                  </Button>
                )}
              </Table.Td>
            </Table.Tr>
          ))}
        </ReleaseTable>
      </Stack>
    </Paper>
  );
}
