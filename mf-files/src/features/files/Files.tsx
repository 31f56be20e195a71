import { SearchIcon } from "@klarwerk/kit/icons";
import "./files.css";
import { authMessages, type FileListing } from "@klarwerk/kit";
import { useAuth } from "@klarwerk/kit/browser";
import { type PagedListParams, Pager, QueryState, Redirect, usePagedList } from "@klarwerk/kit/portal";
import { ScreenHeader } from "@klarwerk/kit/screen-header";
import { Checkbox, Group, Paper, Stack, Text, TextInput, Title, useDebouncedValue } from "@klarwerk/kit/ui";
import { useEffect, useState } from "react";
import { fileOfLocation, findFile, forgetFileOfLocation } from "./api/find-file";
import { filesQueryOptions } from "./api/get-files";
import { useFolders } from "./api/get-folders";
import { FileTable } from "./components/FileTable";
import { FolderGrid } from "./components/FolderGrid";
import { FolderPathBar } from "./components/FolderPathBar";
import { NewFolderForm } from "./components/NewFolderForm";
import { SearchHits } from "./components/SearchHits";
import { ShareList } from "./components/ShareList";
import { TrashList } from "./components/TrashList";
import { UploadPanel } from "./components/UploadPanel";
import { pageCount, pageOf, searchFiles } from "./file-list";
import { currentFolderId, enterFolder, type FolderPath, leaveFolder, truncatePath } from "./folder-path";
import { filesMessages as messages } from "./messages";

export default function Files() {
  const { user, token, loading } = useAuth();
  if (loading) return <Text>{authMessages.loadingUser}</Text>;
  // Not only the shell's guard: the file area itself sends a visitor without user or token to /login.
  if (!user || !token) return <Redirect to="/login" />;
  return <FileArea />;
}

/** The shown page of a folder's files: searched and paged here, since the list arrives whole. */
function filePage(listing: FileListing, { page, search }: PagedListParams<FolderPath>) {
  const matches = searchFiles(listing.files, search);
  const shown = pageOf(matches, page);
  return {
    items: shown.items,
    pages: pageCount(matches.length),
    total: matches.length,
    from: shown.from,
    to: shown.to,
  };
}

function FileArea() {
  // The filter is the folder path; a new folder starts on page 1 like a new search.
  const list = usePagedList({
    query: ({ filter }) => filesQueryOptions({ folderId: currentFolderId(filter) }),
    pageOf: filePage,
    filter: [] as FolderPath,
    searchDelayMs: 0,
    filterIsNewList: true,
  });
  const path = list.params.filter;
  const folderId = currentFolderId(path);
  const folders = useFolders({ parentId: folderId });
  const { shown } = list;

  useEffect(() => {
    // A folder list that fails to load is only logged; the files below stay usable.
    if (folders.error) console.error(messages.foldersLoadFailedLog, folders.error.message);
  }, [folders.error]);

  const navigate = list.setFilter;
  // „In allen Ordnern suchen“: the server searches every folder; else this folder's list is filtered here.
  const [everywhere, setEverywhere] = useState(false);
  const [typed] = useDebouncedValue(list.searchText.trim(), 300);
  const searchingEverywhere = everywhere && typed !== "";
  const openHitFolder = (hitPath: FolderPath) => {
    setEverywhere(false);
    list.setSearchText("");
    navigate(hitPath);
  };
  const folderName = path.at(-1)?.name ?? messages.rootCrumb;

  // Opened by a hit of the header's search (decision 0102): its folder, the list filtered to its
  // name, its viewer open; should it not be found there, the search of every folder for the name.
  const [linked] = useState(fileOfLocation);
  const [viewFileId, setViewFileId] = useState<number | null>(null);
  const { setSearchText } = list;
  useEffect(() => {
    if (linked === null) return;
    forgetFileOfLocation();
    const controller = new AbortController();
    const searchEverywhere = () => {
      setEverywhere(true);
      setSearchText(linked.name);
    };
    findFile(linked, controller.signal).then(
      (hit) => {
        if (controller.signal.aborted) return;
        if (hit === null) return searchEverywhere();
        navigate(hit.folder_path);
        setSearchText(hit.original_name);
        setViewFileId(hit.id);
      },
      () => {
        if (!controller.signal.aborted) searchEverywhere();
      },
    );
    return () => controller.abort();
  }, [linked, navigate, setSearchText]);

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
                {searchingEverywhere ? messages.hitsTitle : messages.filesTitle}
              </Title>
              <Stack gap={6} className="files-search">
                <TextInput
                  type="search"
                  label={messages.searchLabel}
                  placeholder={messages.searchPlaceholder}
                  leftSection={<SearchIcon size={16} />}
                  value={list.searchText}
                  onChange={(event) => list.setSearchText(event.currentTarget.value)}
                />
                <Checkbox
                  label={messages.searchEverywhere}
                  checked={everywhere}
                  onChange={(event) => setEverywhere(event.currentTarget.checked)}
                />
              </Stack>
            </Group>
            <UploadPanel folderId={folderId} folderName={folderName} maxBytes={list.answer?.max_upload_bytes ?? null} />
            {searchingEverywhere ? (
              <SearchHits key={typed} search={typed} onOpenFolder={openHitFolder} />
            ) : (
              <QueryState
                {...list.state}
                texts={{
                  loading: messages.loadingFiles,
                  loadFailed: messages.filesLoadFailed + (list.error?.message || messages.unknownError),
                  empty: messages.noFiles,
                }}
              >
                {shown && list.pager && (
                  <>
                    <FileTable files={shown.items} openFileId={viewFileId} onOpened={() => setViewFileId(null)} />
                    <Pager
                      {...list.pager}
                      variant="numbers"
                      label={messages.pagesLabel}
                      total={messages.shownRange(shown.from, shown.to, shown.total)}
                    />
                  </>
                )}
              </QueryState>
            )}
          </Stack>
        </Paper>

        <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} shadow="xs" id="freigaben">
          <ShareList />
        </Paper>

        <Paper withBorder radius="lg" p={{ base: "md", sm: "lg" }} shadow="xs" id="papierkorb">
          <TrashList />
        </Paper>
      </Stack>
    </>
  );
}
