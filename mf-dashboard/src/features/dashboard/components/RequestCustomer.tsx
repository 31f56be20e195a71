import type { ContactRequestDetail } from "@klarwerk/kit";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { Anchor, Button, Group, Paper, Stack, Text } from "@klarwerk/kit/ui";
import { useState } from "react";
import { useTakeOverRequest } from "../api/take-over-request";
import { customerPath, takeOverMessages as messages } from "../messages";

interface RequestCustomerProps {
  request: ContactRequestDetail;
}

/**
 * „Als Kunde übernehmen“ (decision 0095): once taken over „Kunde: <Name>“ and „Zum Kunden“; before,
 * the button. Customers with the request's e-mail are offered to link („Verknüpfen“) instead of
 * a new one: the API refuses a duplicate by e-mail.
 */
export function RequestCustomer({ request }: RequestCustomerProps) {
  const [offering, setOffering] = useState(false);
  const takeOver = useTakeOverRequest({
    onSuccess: (answer) => {
      setOffering(false);
      notifySuccess(answer.created ? messages.created : messages.linked, messages.customerText(answer.customer.name));
    },
    onCustomerExists: () => {
      setOffering(true);
      notifyError(messages.failed, messages.exists);
    },
    onError: (error) => notifyError(messages.failed, error.message),
  });

  if (request.customer) {
    const href = customerPath(request.customer.id);
    return (
      <Group gap="xs" wrap="wrap" justify="space-between" data-testid="request-customer">
        <Text size="sm" className="dash-wrap">
          {`${messages.label}: `}
          <Anchor href={href} inherit fw={600}>
            {request.customer.name}
          </Anchor>
        </Text>
        <Anchor href={href} size="sm">
          {messages.toCustomer}
        </Anchor>
      </Group>
    );
  }

  const matches = request.customer_matches;
  if (offering && matches.length > 0) {
    return (
      <Paper withBorder radius="md" p="sm" component="section" aria-label={messages.takeOver}>
        <Stack gap="xs">
          <Text size="sm" fw={600}>
            {messages.matchesIntro}
          </Text>
          {matches.map((match) => (
            <Group key={match.id} justify="space-between" gap="xs" wrap="nowrap">
              <Anchor href={customerPath(match.id)} size="sm" className="dash-wrap">
                {match.name}
              </Anchor>
              <Button
                size="xs"
                aria-label={messages.linkLabel(match.name)}
                loading={takeOver.isPending && takeOver.variables?.customerId === match.id}
                disabled={takeOver.isPending}
                onClick={() => takeOver.mutate({ id: request.id, customerId: match.id })}
              >
                {messages.link}
              </Button>
            </Group>
          ))}
        </Stack>
      </Paper>
    );
  }

  return (
    <Group justify="flex-start">
      <Button
        variant="light"
        loading={takeOver.isPending}
        onClick={() => {
          if (matches.length > 0) setOffering(true);
          else takeOver.mutate({ id: request.id });
        }}
      >
        {messages.takeOver}
      </Button>
    </Group>
  );
}
