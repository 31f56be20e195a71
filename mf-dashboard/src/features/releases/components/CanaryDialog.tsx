import type { Release } from "@klarwerk/kit";
import { Button, Group, Modal, NativeSelect, NumberInput, Stack, Text } from "@klarwerk/kit/ui";
import { useState } from "react";
import { releasesMessages as messages } from "../messages";

/**
 * "Canary starten": which release, for which share; the dialog says what visitors will see
 * before the button starts it.
 */
export function CanaryDialog({
  remote,
  active,
  candidates,
  opened,
  busy,
  onClose,
  onStart,
}: {
  remote: string;
  active: Release;
  candidates: Release[];
  opened: boolean;
  busy: boolean;
  onClose: () => void;
  onStart: (version: string, share: number) => void;
}) {
  const [version, setVersion] = useState(candidates[0]?.version ?? "");
  const [share, setShare] = useState(10);
  const valid = version !== "" && Number.isInteger(share) && share >= 1 && share <= 100;
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={messages.confirmTitle(messages.startCanary, remote)}
      closeButtonProps={{ "aria-label": messages.close }}
      radius="lg"
      centered
    >
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (valid) onStart(version, share);
        }}
      >
        <Stack>
          <NativeSelect
            label={messages.canaryVersion}
            data={candidates.map((release) => release.version)}
            value={version}
            onChange={(event) => setVersion(event.currentTarget.value)}
          />
          <NumberInput
            label={messages.canaryShare}
            min={1}
            max={100}
            allowDecimal={false}
            value={share}
            onChange={(value) => setShare(typeof value === "number" ? value : Number(value))}
          />
          {valid && <Text size="sm">{messages.canarySees(share, version, active.version)}</Text>}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {messages.cancel}
            </Button>
            <Button type="submit" disabled={!valid} loading={busy}>
              {messages.startCanary}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
