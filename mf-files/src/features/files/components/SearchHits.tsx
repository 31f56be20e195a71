import type { FileSearchHit } from "@klarwerk/kit";
import { formatDateTime, formatFileSize } from "@klarwerk/kit/format";
import { QueryState } from "@klarwerk/kit/portal";
import { Anchor, Button, Group, Table, Text } from "@klarwerk/kit/ui";
import { useState } from "react";
import { useFileSearch } from "../api/rename-move";
import type { FolderPath } from "../folder-path";
import { filesMessages as messages } from "../messages";
import { FileThumbnail } from "./FileThumbnail";

interface SearchHitsProps {
  /** Trimmed, not blank. */
  search: string;
  /** Opens the folder a hit lies in. */
  onOpenFolder: (path: FolderPath) => void;
}

/** How a hit's folder path reads: „Dateien / Kunden / 2026“. */
function pathText(hit: FileSearchHit): string {
  return [messages.rootCrumb, ...hit.folder_path.map((step) => step.name)].join(" / ");
}

/** (Keyed by the search, so a new term starts on page 1.) */
/** The files of every folder whose name contains the search, 50 a page, each with its folder path. */
export function SearchHits({ search, onOpenFolder }: SearchHitsProps) {
  const [page, setPage] = useState(1);
  const query = useFileSearch({ search, page }, true);
  const hits = query.data?.files;

  return (
    <QueryState
      loaded={query.data !== undefined}
      error={query.error}
      empty={hits?.length === 0}
      onRetry={() => void query.refetch()}
      retrying={query.isFetching}
      texts={{
        loading: messages.searching,
        loadFailed: messages.searchFailed + (query.error?.message || messages.unknownError),
        empty: messages.noFiles,
      }}
    >
      {hits && hits.length > 0 && (
        <>
          <Table.ScrollContainer
            minWidth={720}
            type="native"
            role="region"
            aria-label={messages.hitsTitle}
            tabIndex={0}
            className="files-table-scroll"
          >
            <Table verticalSpacing="sm" className="files-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th className="files-col-preview">
                    <span className="files-visually-hidden">{messages.columnPreview}</span>
                  </Table.Th>
                  <Table.Th className="files-col-name">{messages.columnName}</Table.Th>
                  <Table.Th>{messages.columnFolder}</Table.Th>
                  <Table.Th className="files-col-size">{messages.columnSize}</Table.Th>
                  <Table.Th>{messages.columnCreated}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {hits.map((hit) => (
                  <Table.Tr key={hit.id}>
                    <Table.Td className="files-cell-preview">
                      <FileThumbnail file={hit} />
                    </Table.Td>
                    <Table.Td>
                      <Text fw={500} className="files-name">
                        {hit.original_name}
                      </Text>
                    </Table.Td>
                    <Table.Td data-label={messages.columnFolder}>
                      <Anchor
                        component="button"
                        type="button"
                        className="files-hit-path"
                        aria-label={messages.openHitFolder(pathText(hit))}
                        onClick={() => onOpenFolder(hit.folder_path)}
                      >
                        {pathText(hit)}
                      </Anchor>
                    </Table.Td>
                    <Table.Td className="files-col-size" data-label={messages.columnSize}>
                      {formatFileSize(hit.size)}
                    </Table.Td>
                    <Table.Td data-label={messages.columnCreated}>{formatDateTime(hit.created_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {(page > 1 || query.data?.more) && (
            <nav aria-label={messages.hitsPagesLabel}>
              <Group justify="space-between" gap="sm">
                <Button variant="default" size="sm" disabled={page === 1} onClick={() => setPage(page - 1)}>
                  {messages.previousHits}
                </Button>
                <Text size="sm">{messages.hitsPage(page)}</Text>
                <Button variant="default" size="sm" disabled={!query.data?.more} onClick={() => setPage(page + 1)}>
                  {messages.nextHits}
                </Button>
              </Group>
            </nav>
          )}
        </>
      )}
    </QueryState>
  );
}
