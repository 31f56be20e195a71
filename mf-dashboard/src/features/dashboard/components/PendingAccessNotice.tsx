import { formatCount } from "@klarwerk/kit/format";
import { Alert, Anchor, Group, Text } from "@klarwerk/kit/ui";
import { usePendingAccessCount } from "../../../shared/api/get-user-accounts";
import { accessNoticeMessages as messages } from "../admin-messages";

/**
 * For admins: how many access requests wait, with the way to them. Nothing while there are none,
 * nor for staff (who are not asked: the API refuses them the list).
 */
export function PendingAccessNotice({ admin }: { admin: boolean }) {
  const { data: count } = usePendingAccessCount(admin);
  if (!admin || !count) return null;
  return (
    <Alert variant="light" color="yellow" radius="lg" mb="xl" role="status">
      <Group justify="space-between" gap="sm">
        <Text fw={600} c="bright">
          {messages.waiting(count, formatCount(count))}
        </Text>
        {/* A plain link: the shell's layout routes it in the page. */}
        {/* On the dark scheme's yellow tint the anchor's teal misses AA: the notice's own text colour. */}
        <Anchor href="/users" fw={600} c="light-dark(var(--mantine-color-anchor), var(--mantine-color-bright))">
          {messages.link}
        </Anchor>
      </Group>
    </Alert>
  );
}
