import { QueryState } from "@klarwerk/kit/portal";
import { ScreenHeader } from "@klarwerk/kit/screen-header";
import { Paper, Stack, Title } from "@klarwerk/kit/ui";
import { useState } from "react";
import { AdminScreenState } from "../../shared/components/AdminScreenState";
import { usePrivacyCases } from "./api/privacy-cases";
import { PrivacyCaseDetail } from "./components/PrivacyCaseDetail";
import { PrivacyCaseForm } from "./components/PrivacyCaseForm";
import { PrivacyCaseTable } from "./components/PrivacyCaseTable";
import { RetentionPreview } from "./components/RetentionPreview";
import { privacyScreenMessages as messages } from "./messages";
import "../../shared/dashboard.css";
// Its tables become cards on narrow screens, as Benutzer, Postausgang and Protokoll do.
import "../../shared/users.css";

/**
 * „Datenschutz“, for admins (the shell's route guard shows everyone else "Kein Zugriff"): a
 * person's request for Auskunft or Löschung is recorded with its due date; opening it searches
 * every place the product keeps personal data, and the Auskunft downloads as a ZIP. Below, what
 * the daily deletion would delete now.
 */
export default function Privacy() {
  const cases = usePrivacyCases();
  const [openedId, setOpenedId] = useState<number | null>(null);
  const list = cases.data?.cases ?? [];

  return (
    <>
      <ScreenHeader title={messages.title} description={messages.description} />
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
          <Title order={2} size="h3" mb="sm">
            {messages.form.title}
          </Title>
          <PrivacyCaseForm onCreated={setOpenedId} />
        </Paper>
        {openedId !== null && (
          <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
            <PrivacyCaseDetail id={openedId} onClose={() => setOpenedId(null)} />
          </Paper>
        )}
        <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
          <Title order={2} size="h3" mb="sm">
            {messages.list.title}
          </Title>
          <AdminScreenState query={cases} messages={messages} />
          {cases.data && (
            <QueryState loaded empty={list.length === 0} texts={{ empty: messages.list.empty }}>
              <PrivacyCaseTable cases={list} onOpen={setOpenedId} />
            </QueryState>
          )}
        </Paper>
        <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }}>
          <RetentionPreview />
        </Paper>
      </Stack>
    </>
  );
}
