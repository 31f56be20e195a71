import { formatDateTime, type Release, type ReleasesOverview } from "@klarwerk/kit";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from "@klarwerk/kit/ui";
import { useState } from "react";
import { confirmRemoval } from "../../../shared/components/confirm-removal";
import { useChangeRollout, useDeleteRelease } from "../api/releases";
import { releasesMessages as messages } from "../messages";
import { CanaryDialog } from "./CanaryDialog";
import { confirmRollout } from "./confirm-rollout";
import { ReleaseTable } from "./ReleaseTable";

type RemoteOverview = ReleasesOverview["remotes"][number];

function ReleaseLine({ label, release, extra }: { label: string; release: Release; extra?: string }) {
  return (
    <Text size="sm">
      <strong>{label}:</strong> {release.version}
      {extra ? ` (${extra})` : ""} – {messages.releasedBy(release.released_by, formatDateTime(release.created_at))}
      {release.note ? ` – ${release.note}` : ""}
    </Text>
  );
}

/** One remote: what is active, the canary, the buttons, its releases with their errors, the history. */
export function RemoteReleases({ overview }: { overview: RemoteOverview }) {
  const { rollout, releases, events, errors, recent_errors: recentErrors } = overview;
  const remote = `mf-${rollout.remote}`;
  const [canaryOpen, setCanaryOpen] = useState(false);
  const change = useChangeRollout({
    onSuccess: () => {
      setCanaryOpen(false);
      notifySuccess(messages.done);
    },
    onError: (error) => notifyError(messages.failed, error.message),
  });
  const remove = useDeleteRelease({
    onSuccess: (release) => notifySuccess(messages.deleted(release.version)),
    onError: (error) => notifyError(messages.failed, error.message),
  });
  const { active, canary, previous } = rollout;
  // What a visitor may get (or fall back to) stays: the API refuses those too.
  const inUse = (release: Release) => [active?.id, canary?.id, previous?.id].includes(release.id);
  const candidates = releases.filter((release) => release.id !== active?.id && release.id !== canary?.id);
  const errorsOf = (release: Release) => errors.find((count) => count.release_id === release.id);

  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} component="section" aria-labelledby={`remote-${remote}`}>
      <Stack gap="sm">
        <Title order={2} size="h3" id={`remote-${remote}`}>
          {remote}
        </Title>
        {active ? (
          <ReleaseLine label={messages.active} release={active} />
        ) : (
          <Text size="sm">{messages.noRelease}</Text>
        )}
        {canary ? (
          <ReleaseLine label={messages.canary} release={canary} extra={messages.share(rollout.canary_share)} />
        ) : (
          active && <Text size="sm">{messages.noCanary}</Text>
        )}
        {active && (
          <Group>
            {!canary && (
              <Button size="xs" disabled={candidates.length === 0} onClick={() => setCanaryOpen(true)}>
                {messages.startCanary}
              </Button>
            )}
            {canary && (
              <Button
                size="xs"
                onClick={() =>
                  confirmRollout({
                    title: messages.confirmTitle(messages.promote, remote),
                    text: messages.promoteSees(canary.version, active.version),
                    confirm: messages.promote,
                    onConfirm: () => change.mutate({ remote: rollout.remote, action: "promote" }),
                  })
                }
              >
                {messages.promote}
              </Button>
            )}
            {canary && (
              <Button
                size="xs"
                variant="default"
                onClick={() =>
                  confirmRollout({
                    title: messages.confirmTitle(messages.stopCanary, remote),
                    text: messages.stopSees(canary.version, active.version),
                    confirm: messages.stopCanary,
                    onConfirm: () => change.mutate({ remote: rollout.remote, action: "stop" }),
                  })
                }
              >
                {messages.stopCanary}
              </Button>
            )}
          </Group>
        )}
        {active && candidates.length > 0 && (
          <CanaryDialog
            key={String(canaryOpen)}
            remote={remote}
            active={active}
            candidates={candidates}
            opened={canaryOpen}
            busy={change.isPending}
            onClose={() => setCanaryOpen(false)}
            onStart={(version, share) => change.mutate({ remote: rollout.remote, action: "canary", version, share })}
          />
        )}
        <ReleaseTable
          label={messages.releasesLabel(remote)}
          columns={[
            messages.columns.version,
            messages.columns.kind,
            messages.columns.by,
            messages.columns.at,
            messages.columns.note,
            messages.columns.errors,
            messages.columns.actions,
          ]}
          minWidth={720}
        >
          {releases.map((release) => {
            const count = errorsOf(release);
            const earlier = active !== null && release.id < active.id;
            return (
              <Table.Tr key={release.id}>
                <Table.Td>
                  {release.version} {release.id === active?.id && <Badge color="green">{messages.active}</Badge>}
                  {release.id === canary?.id && <Badge color="yellow">{messages.canary}</Badge>}
                </Table.Td>
                <Table.Td>{messages.kinds[release.kind]}</Table.Td>
                <Table.Td>{release.released_by}</Table.Td>
                <Table.Td>{formatDateTime(release.created_at)}</Table.Td>
                <Table.Td>{release.note}</Table.Td>
                <Table.Td>{`${count?.load ?? 0} / ${count?.render ?? 0}`}</Table.Td>
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    {release.id !== active?.id && (
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() =>
                          confirmRollout({
                            title: messages.confirmTitle(earlier ? messages.rollback : messages.activate, remote),
                            text: messages.activateSees({
                              version: release.version,
                              active: active?.version ?? null,
                              again: earlier,
                              canary: canary && { version: canary.version, share: rollout.canary_share },
                            }),
                            confirm: earlier ? messages.rollback : messages.activate,
                            onConfirm: () =>
                              change.mutate({
                                remote: rollout.remote,
                                action: "activate",
                                version: release.version,
                              }),
                          })
                        }
                      >
                        {earlier ? messages.rollback : messages.activate}
                      </Button>
                    )}
                    {!inUse(release) && (
                      <Button
                        size="xs"
                        variant="default"
                        color="red.9"
                        aria-label={messages.deleteLabel(release.version)}
                        loading={remove.isPending && remove.variables?.version === release.version}
                        onClick={() =>
                          confirmRemoval({
                            title: messages.deleteTitle(release.version, remote),
                            text: messages.deleteText(release.version),
                            confirm: messages.delete,
                            onConfirm: () => remove.mutate({ remote: rollout.remote, version: release.version }),
                          })
                        }
                      >
                        {messages.delete}
                      </Button>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            );
          })}
        </ReleaseTable>
        {events.length > 0 && (
          <>
            <Title order={3} size="h5">
              {messages.historyTitle}
            </Title>
            <ul className="dash-history">
              {events.slice(0, 10).map((event) => (
                <li key={event.id}>
                  <Text size="sm">
                    {formatDateTime(event.created_at)}: {messages.actions[event.action]} {event.version ?? ""}
                    {event.share ? ` (${event.share} %)` : ""} – {event.actor}
                    {event.reason ? ` – ${event.reason}` : ""}
                  </Text>
                </li>
              ))}
            </ul>
          </>
        )}
        {releases.length > 0 && (
          <>
            <Title order={3} size="h5">
              {messages.errorsTitle}
            </Title>
            <ReleaseTable
              label={messages.errorsTitle}
              columns={[
                messages.columns.at,
                messages.columns.version,
                messages.columns.route,
                messages.columns.message,
                messages.columns.browser,
              ]}
              minWidth={720}
              empty={messages.noErrors}
            >
              {recentErrors.map((error) => (
                <Table.Tr key={error.id}>
                  <Table.Td>{formatDateTime(error.created_at)}</Table.Td>
                  <Table.Td>{error.version ?? "-"}</Table.Td>
                  <Table.Td>{error.route}</Table.Td>
                  <Table.Td>
                    {error.message}
                    {error.ticketed ? null : (
                      <Text span size="xs" c="dimmed">
                        {" "}
                        ({messages.withoutTicket})
                      </Text>
                    )}
                  </Table.Td>
                  <Table.Td>{error.browser}</Table.Td>
                </Table.Tr>
              ))}
            </ReleaseTable>
          </>
        )}
      </Stack>
    </Paper>
  );
}
