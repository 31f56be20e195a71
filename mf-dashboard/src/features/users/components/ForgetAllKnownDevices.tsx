import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Button } from "@klarwerk/kit/ui";
import { confirmRemoval } from "../../../shared/components/confirm-removal";
import { useForgetKnownDevices } from "../api/forget-known-devices";
import { usersMessages as messages } from "../messages";

const { knownDevices } = messages;

/**
 * Forgets the known browsers of every account (a lost or stolen device), after asking. One
 * account's are forgotten from its row.
 */
export function ForgetAllKnownDevices() {
  const forget = useForgetKnownDevices({
    onSuccess: () => notifySuccess(knownDevices.forgottenAll),
    onError: (error) => notifyError(knownDevices.failed, error.message),
  });
  return (
    <Button
      variant="default"
      className="users-long-button"
      loading={forget.isPending}
      onClick={() =>
        confirmRemoval({
          title: knownDevices.allDialog.title,
          text: knownDevices.allDialog.text,
          confirm: knownDevices.forgetAll,
          onConfirm: () => forget.mutate(null),
        })
      }
    >
      {knownDevices.forgetAll}
    </Button>
  );
}
