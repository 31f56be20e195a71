import { SearchIcon } from "@klarwerk/kit/icons";
import "../files.css";
import { authMessages } from "@klarwerk/kit";
import { useAuth } from "@klarwerk/kit/browser";
import { Redirect } from "@klarwerk/kit/portal";
import { ScreenHeader } from "@klarwerk/kit/screen-header";
import { Alert, Group, Pagination, Paper, Stack, Text, TextInput, Title } from "@klarwerk/kit/ui";
import { useEffect, useState } from "react";
import { useFiles } from "../api/get-files";
import { useFolders } from "../api/get-folders";
import { FileTable } from "../components/FileTable";
import { FolderGrid } from "../components/FolderGrid";
import { FolderPathBar } from "../components/FolderPathBar";
import { NewFolderForm } from "../components/NewFolderForm";
import { UploadPanel } from "../components/UploadPanel";
import { pageCount, pageOf, searchFiles } from "../files/file-list";
import { currentFolderId, enterFolder, type FolderPath, leaveFolder, truncatePath } from "../files/folder-path";
import { filesMessages as messages } from "../messages";

export default function Files() {
  const { user, token, loading } = useAuth();
  if (loading) return <Text>{authMessages.loadingUser}</Text>;
  // Not only the shell's guard: the file area itself sends a visitor without user or token to /login.
  if (!user || !token) return <Redirect to="/login" />;
  return <FileArea />;
}

function FileArea() {
  const [path, setPath] = useState<FolderPath>([]);
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const folderId = currentFolderId(path);

  const folders = useFolders({ parentId: folderId });
  const listing = useFiles({ folderId });

  useEffect(() => {
    // A folder list that fails to load is only logged; the files below stay usable.
    if (folders.error) console.error(messages.foldersLoadFailedLog, folders.error.message);
  }, [folders.error]);

  const navigate = (next: FolderPath) => {
    setPath(next);
    setPage(1);
  };

  const matches = searchFiles(listing.data?.files ?? [], search);
  const shown = pageOf(matches, page);
  const pages = pageCount(matches.length);
  const folderName = path.at(-1)?.name ?? messages.rootCrumb;

  return (
    <>
      <ScreenHeader title={messages.title} description={messages.description} />
      <Stack gap="lg">
        <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} shadow="xs">
          <Stack gap="md">
            <FolderPathBar
              path={path}
              onNavigate={(depth) => navigate(truncatePath(path, depth))}
              onBack={() => navigate(leaveFolder(path))}
            />
            <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
              <Title order={2} size="h4">
                {messages.foldersTitle}
              </Title>
              <NewFolderForm parentId={folderId} />
            </Group>
            <FolderGrid
              folders={folders.data}
              loading={folders.isPending}
              onOpen={(folder) => navigate(enterFolder(path, folder))}
            />
          </Stack>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} shadow="xs">
          <Stack gap="md">
            <Group justify="space-between" align="flex-end" gap="md" wrap="wrap">
              <Title order={2} size="h4">
                {messages.filesTitle}
              </Title>
              <TextInput
                type="search"
                label={messages.searchLabel}
                placeholder={messages.searchPlaceholder}
                leftSection={<SearchIcon size={16} />}
                value={search}
                onChange={(event) => {
                  setSearch(event.currentTarget.value);
                  // A new search starts on page 1: its matches may fill fewer pages.
                  setPage(1);
                }}
                className="files-search"
              />
            </Group>
            <UploadPanel
              folderId={folderId}
              folderName={folderName}
              maxBytes={listing.data?.max_upload_bytes ?? null}
            />
            {listing.isError ? (
              <Alert color="red" variant="light" role="alert">
                {messages.filesLoadFailed}
                {listing.error.message || messages.unknownError}
              </Alert>
            ) : listing.isPending ? (
              <Text c="gray.7" size="sm">
                {messages.loadingFiles}
              </Text>
            ) : shown.items.length === 0 ? (
              <Text c="gray.7" size="sm" className="files-empty">
                {messages.noFiles}
              </Text>
            ) : (
              <>
                <FileTable files={shown.items} />
                <Group justify="space-between" gap="sm" wrap="wrap">
                  <Text size="sm" c="gray.7">
                    {messages.shownRange(shown.from, shown.to, matches.length)}
                  </Text>
                  {pages > 1 && (
                    <nav aria-label={messages.pagesLabel}>
                      <Pagination
                        total={pages}
                        value={shown.page}
                        onChange={setPage}
                        size="sm"
                        getItemProps={(item) => ({ "aria-label": messages.pageLabel(item) })}
                        getControlProps={(control) =>
                          control === "previous"
                            ? { "aria-label": messages.previousPage }
                            : control === "next"
                              ? { "aria-label": messages.nextPage }
                              : {}
                        }
                      />
                    </nav>
                  )}
                </Group>
              </>
            )}
          </Stack>
        </Paper>
      </Stack>
    </>
  );
}
