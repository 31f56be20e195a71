import { useAuth } from "@klarwerk/kit/browser";
import { ScreenHeader } from "@klarwerk/kit/screen-header";
import { DataList, Paper, Text, Title } from "@klarwerk/kit/ui";
import { useId } from "react";
import { sharedMessages } from "../../shared/messages";
import { ColorSchemeSwitch } from "./components/ColorSchemeSwitch";
import { PasswordChangeForm } from "./components/PasswordChangeForm";
import { accountMessages as messages } from "./messages";
import "../../shared/users.css";

/** "Mein Konto": who is signed in, "Darstellung" (light, dark or the system's) and "Passwort ändern". */
export default function Account() {
  const { user } = useAuth();
  const detailsId = useId();
  const schemeId = useId();
  const passwordId = useId();
  if (!user) return null;
  return (
    <>
      <ScreenHeader title={messages.title} description={messages.description} />
      <Paper
        component="section"
        aria-labelledby={detailsId}
        withBorder
        radius="lg"
        p={{ base: "md", sm: "lg" }}
        mb="xl"
      >
        <Title order={2} size="h3" id={detailsId} mb="md">
          {messages.detailsTitle}
        </Title>
        <DataList
          labelWidth="8rem"
          gap="sm"
          withDivider
          styles={{ itemLabel: { color: "var(--mantine-color-dimmed)" } }}
        >
          <DataList.Item>
            <DataList.ItemLabel>{messages.name}</DataList.ItemLabel>
            <DataList.ItemValue className="users-wrap">{user.name}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{messages.email}</DataList.ItemLabel>
            <DataList.ItemValue className="users-wrap">{user.email}</DataList.ItemValue>
          </DataList.Item>
          <DataList.Item>
            <DataList.ItemLabel>{messages.role}</DataList.ItemLabel>
            <DataList.ItemValue>{sharedMessages.roles[user.role]}</DataList.ItemValue>
          </DataList.Item>
        </DataList>
      </Paper>
      <Paper component="section" aria-labelledby={schemeId} withBorder radius="lg" p={{ base: "md", sm: "lg" }} mb="xl">
        <Title order={2} size="h3" id={schemeId}>
          {messages.schemeTitle}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {messages.schemeHint}
        </Text>
        <ColorSchemeSwitch labelledBy={schemeId} />
      </Paper>
      <Paper component="section" aria-labelledby={passwordId} withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
        <Title order={2} size="h3" id={passwordId}>
          {messages.passwordTitle}
        </Title>
        <Text size="sm" c="dimmed" mb="md">
          {messages.passwordHint}
        </Text>
        <PasswordChangeForm user={user} />
      </Paper>
    </>
  );
}
