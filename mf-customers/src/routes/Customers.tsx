import { ScreenHeader } from "../components/ScreenHeader";

export default function Customers() {
  return (
    <ScreenHeader
      title="Kundenverwaltung"
      description="Kunden suchen, nach Status filtern, anlegen und bearbeiten – dieser Bereich ist noch im Aufbau."
    />
  );
}
