import { type CustomerExportFormat, customerExportFormatLabels, customerExportFormats } from "@klarwerk/kit";
import { ApiError } from "@klarwerk/kit/browser";
import { DownloadIcon } from "@klarwerk/kit/icons";
import { notifyError } from "@klarwerk/kit/portal";
import { Button, Text } from "@klarwerk/kit/ui";
import { Menu } from "@klarwerk/kit/ui-extra";
import { useId } from "react";
import { useExportCustomers } from "../api/export-customers";
import { customerScreenMessages as messages } from "../messages";

/**
 * „Exportieren“: the customers the list's search, status and tag match (all of them, not the page
 * shown) as a CSV file in the format chosen.
 */
export function ExportMenu({ search, status, tag }: { search: string; status: string; tag: string }) {
  // The API's German message (too many exports, a search too long); else a network error's retry hint.
  const exporting = useExportCustomers({
    onError: (error) =>
      notifyError(messages.exportFailed, error instanceof ApiError ? error.message : messages.exportFailedRetry),
  });
  const labelId = useId();
  const start = (format: CustomerExportFormat) => exporting.mutate({ format, search, status, tag });
  return (
    // Without Mantine's focus placeholder (a focusable role="presentation" div axe refuses inside a
    // menu): the menu then focuses its first item when opened, as the ARIA menu pattern has it.
    <Menu position="bottom-end" withinPortal shadow="md" width={300} withInitialFocusPlaceholder={false}>
      <Menu.Target>
        <Button variant="default" leftSection={<DownloadIcon size={16} />} loading={exporting.isPending}>
          {messages.export}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        {/* The label names the group for a screen reader too: a menu holds only items and groups. */}
        {/* biome-ignore lint/a11y/useSemanticElements: a menu's group of items (ARIA menu pattern), not a fieldset of form controls */}
        <div role="group" aria-labelledby={labelId}>
          <Menu.Label id={labelId}>
            {search !== "" || status !== "" || tag !== "" ? messages.exportFiltered : messages.exportAll}
          </Menu.Label>
          {customerExportFormats.map((format) => (
            <Menu.Item key={format} onClick={() => start(format)}>
              <Text span display="block" size="sm" fw={500}>
                {customerExportFormatLabels[format]}
              </Text>
              <Text span display="block" size="xs" c="dimmed">
                {messages.exportFormatHints[format]}
              </Text>
            </Menu.Item>
          ))}
        </div>
      </Menu.Dropdown>
    </Menu>
  );
}
