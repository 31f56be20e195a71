import { ScreenHeader } from "@klarwerk/kit/screen-header";
import { Button, Group, Stack } from "@klarwerk/kit/ui";
import { AdminScreenState } from "../../shared/components/AdminScreenState";
import { useReleases } from "./api/releases";
import { DeployKeys } from "./components/DeployKeys";
import { RemoteReleases } from "./components/RemoteReleases";
import { releasesMessages as messages } from "./messages";
import "../../shared/dashboard.css";
// Its tables become cards on narrow screens, as Benutzer and Protokoll do.
import "../../shared/users.css";

/**
 * "Auslieferung", for admins (the shell's route guard shows everyone else "Kein Zugriff"): per
 * remote the active release and the canary with their buttons, the releases with their errors of
 * the last 24 hours, the history; and the deploy keys teams release with.
 */
export default function Releases() {
  const releases = useReleases();
  return (
    <>
      <ScreenHeader title={messages.title} description={messages.description} />
      <AdminScreenState query={releases} messages={messages} />
      {releases.data && (
        <Stack gap="lg">
          <Group justify="flex-end">
            <Button variant="default" size="xs" onClick={() => void releases.refetch()} loading={releases.isRefetching}>
              {messages.refresh}
            </Button>
          </Group>
          {releases.data.remotes.map((overview) => (
            <RemoteReleases key={overview.rollout.remote} overview={overview} />
          ))}
          <DeployKeys />
        </Stack>
      )}
    </>
  );
}
