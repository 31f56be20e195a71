import { Group } from "@klarwerk/kit/ui";
import { DatevSetupNotice } from "../../../shared/components/SetupNotice";
import { DatevExportButton } from "./DatevExportButton";

/** The Auswertung's DATEV part, for admins: what is missing for the export, and the export. */
export function AdminDatevTools() {
  return (
    <>
      <DatevSetupNotice />
      <Group justify="flex-end" mb="md">
        <DatevExportButton />
      </Group>
    </>
  );
}
