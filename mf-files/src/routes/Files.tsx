import { ScreenHeader } from "../components/ScreenHeader";

export default function Files() {
  return (
    <ScreenHeader
      title="Dateien"
      description="Ordner anlegen, Dateien hochladen, ansehen und herunterladen – dieser Bereich ist noch im Aufbau."
    />
  );
}
