import { checkCustomerTag } from "@klarwerk/kit";
import { Badge, Button, CloseButton, Group, Paper, Text, TextInput, Title } from "@klarwerk/kit/ui";
import { type FormEvent, useState } from "react";
import type { CustomerPageWrite } from "../api/customer-page";
import { customerPageScreenMessages as messages } from "./messages";

/** The customer's free tags: each a badge with its remove button, and a field to add one. */
export function TagsSection({
  tags,
  busy,
  onWrite,
}: {
  tags: string[];
  busy: boolean;
  onWrite: (change: CustomerPageWrite) => Promise<boolean>;
}) {
  const [text, setText] = useState("");
  const [error, setError] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const check = checkCustomerTag(text);
    if (!check.ok) {
      setError(check.message);
      return;
    }
    setError(null);
    if (await onWrite({ kind: "add-tag", tag: check.tag })) setText("");
  };
  return (
    <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} component="section" aria-labelledby="cust-tags">
      <Title order={2} size="h3" id="cust-tags">
        {messages.tags}
      </Title>
      {tags.length === 0 ? (
        <Text c="dimmed" size="sm" mt="sm">
          {messages.tagsEmpty}
        </Text>
      ) : (
        <Group gap="xs" mt="sm">
          {tags.map((tag) => (
            <Badge
              key={tag}
              variant="light"
              tt="none"
              size="lg"
              rightSection={
                <CloseButton
                  size="xs"
                  aria-label={messages.removeTag(tag)}
                  onClick={() => void onWrite({ kind: "remove-tag", tag })}
                />
              }
            >
              {tag}
            </Badge>
          ))}
        </Group>
      )}
      <form onSubmit={submit} noValidate>
        <Group gap="sm" mt="sm" align="flex-start">
          <TextInput
            aria-label={messages.newTag}
            placeholder={messages.newTag}
            value={text}
            onChange={(event) => setText(event.currentTarget.value)}
            error={error}
            className="cust-tag-input"
          />
          <Button type="submit" variant="light" loading={busy}>
            {messages.addTag}
          </Button>
        </Group>
      </form>
    </Paper>
  );
}
