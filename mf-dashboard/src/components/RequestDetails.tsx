import type { DoneContactRequest } from "@klarwerk/kit";
import { formatDateTime } from "@klarwerk/kit/format";
import { Anchor, Button, DataList, Group, Modal } from "@mantine/core";
import { dashboardMessages as messages } from "../messages";

interface RequestDetailsProps {
  /** The request shown; kept while the dialog closes so its content does not vanish mid-animation. */
  request: DoneContactRequest | null;
  opened: boolean;
  onClose: () => void;
}

/** Opens after "Erledigt": every field of the request, and who marked it done and when. */
export function RequestDetails({ request, opened, onClose }: RequestDetailsProps) {
  return (
    <Modal
      opened={opened && request !== null}
      onClose={onClose}
      title={messages.details.title}
      size="lg"
      radius="lg"
      // The row whose button had the focus is gone: the screen moves focus itself on close.
      returnFocus={false}
      closeButtonProps={{ "aria-label": messages.details.close }}
      styles={{ title: { fontWeight: 700, fontSize: "var(--mantine-font-size-lg)" } }}
    >
      {request && (
        <>
          <DataList
            labelWidth="8rem"
            gap="sm"
            withDivider
            styles={{ itemLabel: { color: "var(--mantine-color-gray-7)" } }}
          >
            <DataList.Item>
              <DataList.ItemLabel>{messages.columns.name}</DataList.ItemLabel>
              <DataList.ItemValue className="dash-wrap">{request.name}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{messages.columns.email}</DataList.ItemLabel>
              <DataList.ItemValue className="dash-wrap">
                <Anchor href={`mailto:${request.email}`} inherit>
                  {request.email}
                </Anchor>
              </DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{messages.columns.company}</DataList.ItemLabel>
              <DataList.ItemValue className="dash-wrap">{request.company || messages.noValue}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{messages.details.receivedAt}</DataList.ItemLabel>
              <DataList.ItemValue>{formatDateTime(request.created_at)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{messages.details.doneAt}</DataList.ItemLabel>
              <DataList.ItemValue>{formatDateTime(request.done_at)}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{messages.details.doneBy}</DataList.ItemLabel>
              <DataList.ItemValue>{request.done_by?.name ?? messages.details.unknownUser}</DataList.ItemValue>
            </DataList.Item>
            <DataList.Item>
              <DataList.ItemLabel>{messages.columns.message}</DataList.ItemLabel>
              <DataList.ItemValue className="dash-message">{request.message}</DataList.ItemValue>
            </DataList.Item>
          </DataList>
          <Group justify="flex-end" mt="lg">
            <Button onClick={onClose}>{messages.details.close}</Button>
          </Group>
        </>
      )}
    </Modal>
  );
}
