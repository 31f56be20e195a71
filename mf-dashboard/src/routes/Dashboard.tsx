import { useAuth } from "@klarwerk/kit";
import { Text } from "@mantine/core";
import { ScreenHeader } from "../components/ScreenHeader";

export default function Dashboard() {
  const { user } = useAuth();
  return (
    <ScreenHeader
      eyebrow={`Willkommen, ${user?.name ?? ""}`}
      title="Dashboard"
      description="Hier erscheinen bald Ihre Kennzahlen und die offenen Kontaktanfragen."
    >
      <Text size="sm" c="dimmed">
        Dieser Bereich ist noch im Aufbau.
      </Text>
    </ScreenHeader>
  );
}
