import { type CustomerExportFormat, customerExportFormatLabels, customerExportFormats } from "@klarwerk/kit";
import { ApiError } from "@klarwerk/kit/browser";
import { DownloadIcon } from "@klarwerk/kit/icons";
import { notifyError } from "@klarwerk/kit/portal";
import { Button, Menu, Text } from "@klarwerk/kit/ui";
import { useExportCustomers } from "../api/export-customers";
import { customerScreenMessages as messages } from "../messages";

/**
 * „Exportieren“: the customers the list's search and status match (all of them, not the page
 * shown) as a CSV file in the format chosen.
 */
export function ExportMenu({ search, status }: { search: string; status: string }) {
  // The API's German message (too many exports, a search too long); else a network error's retry hint.
  const exporting = useExportCustomers({
    onError: (error) =>
      notifyError(messages.exportFailed, error instanceof ApiError ? error.message : messages.exportFailedRetry),
  });
  const start = (format: CustomerExportFormat) => exporting.mutate({ format, search, status });
  return (
    <Menu position="bottom-end" withinPortal shadow="md" width={260}>
      <Menu.Target>
        <Button variant="default" leftSection={<DownloadIcon size={16} />} loading={exporting.isPending}>
          {messages.export}
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{search !== "" || status !== "" ? messages.exportFiltered : messages.exportAll}</Menu.Label>
        {customerExportFormats.map((format) => (
          <Menu.Item key={format} onClick={() => start(format)}>
            <Text size="sm" fw={500}>
              {customerExportFormatLabels[format]}
            </Text>
            <Text size="xs" c="dimmed">
              {messages.exportFormatHints[format]}
            </Text>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
