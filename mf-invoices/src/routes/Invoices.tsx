import { ScreenHeader } from "../components/ScreenHeader";

export default function Invoices() {
  return (
    <ScreenHeader
      eyebrow="Rechnungstool"
      title="Neue Rechnung erstellen"
      description="Rechnungen zusammenstellen und als PDF herunterladen – dieser Bereich ist noch im Aufbau."
    />
  );
}
