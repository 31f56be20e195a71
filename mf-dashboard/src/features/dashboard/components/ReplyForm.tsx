import type { ContactRequestDetail } from "@klarwerk/kit";
import { limits } from "@klarwerk/kit";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Button, Group, Stack, Textarea } from "@klarwerk/kit/ui";
import { useState } from "react";
import { useReplyToRequest } from "../api/reply-to-request";
import { replyMessages as messages } from "../messages";

interface ReplyFormProps {
  request: ContactRequestDetail;
}

/** "Antworten": a reply to the visitor by e-mail; the server keeps it and marks the request done. */
export function ReplyForm({ request }: ReplyFormProps) {
  const [message, setMessage] = useState("");
  const reply = useReplyToRequest({
    onSuccess: (stored) => {
      setMessage("");
      notifySuccess(messages.sent, messages.sentText(stored.email));
    },
    onError: (error) => notifyError(messages.sendFailed, error.message),
  });
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        reply.mutate({ id: request.id, message });
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={messages.message}
          description={messages.formHint}
          value={message}
          onChange={(event) => setMessage(event.currentTarget.value)}
          maxLength={limits.messageMax}
          autosize
          minRows={4}
          maxRows={12}
          required
        />
        <Group justify="flex-end">
          <Button type="submit" loading={reply.isPending} disabled={message.trim() === ""}>
            {messages.send}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
