import "./customers.css";
import { type CustomerActivityKind, customerPageLimits, customerStatusLabel } from "@klarwerk/kit";
import { ApiError } from "@klarwerk/kit/browser";
import { notifyError, notifySuccess, QueryState } from "@klarwerk/kit/portal";
import { useQuery } from "@klarwerk/kit/query";
import { ScreenHeader } from "@klarwerk/kit/screen-header";
import {
  Anchor,
  Button,
  FileButton,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Text,
  Title,
  useDisclosure,
} from "@klarwerk/kit/ui";
import { useRef, useState } from "react";
import {
  type CustomerPageWrite,
  customerDetailQuery,
  customerTimelineQuery,
  useCustomerPageWrite,
} from "./api/customer-page";
import { CustomerDialog } from "./components/CustomerDialog";
import { customerScreenMessages } from "./messages";
import { ContactsSection } from "./page/ContactsSection";
import { FileLinkDialog } from "./page/FileLinkDialog";
import { customerPageScreenMessages as messages } from "./page/messages";
import { TagsSection } from "./page/TagsSection";
import { TimelineSection } from "./page/TimelineSection";

const { fields } = customerScreenMessages;

/** The id in `/customers/<id>`, or null. */
function customerIdOf(pathname: string): number | null {
  const match = /^\/customers\/([1-9]\d{0,15})\/?$/.exec(pathname);
  return match?.[1] ? Number(match[1]) : null;
}

function Field({ label, value }: { label: string; value: string | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" className="cust-wrap cust-pre">
        {value || customerScreenMessages.missing}
      </Text>
    </div>
  );
}

function Page({ id }: { id: number }) {
  const detail = useQuery(customerDetailQuery(id));
  const [limit, setLimit] = useState<number>(customerPageLimits.timelineDefaultLimit);
  const timeline = useQuery({ ...customerTimelineQuery(id, limit), placeholderData: (previous) => previous });
  const write = useCustomerPageWrite(id);
  const [dialog, setDialog] = useState({ opened: false, session: 0 });
  const [kind, setKind] = useState<CustomerActivityKind>("note");
  const textRef = useRef<HTMLTextAreaElement>(null);
  const [linking, linkDialog] = useDisclosure(false);
  const [uploading, setUploading] = useState(false);

  const run = async (change: CustomerPageWrite): Promise<boolean> => {
    try {
      await write.mutateAsync(change);
      return true;
    } catch (error) {
      notifyError(messages.writeFailed, error instanceof ApiError ? error.message : messages.retry);
      return false;
    }
  };
  // „Datei hochladen“: into the file area's „Kunden“, linked to the customer; the timeline reloads
  // with the write, so the file is there without a reload (decision 0103).
  const uploadFile = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    try {
      await write.mutateAsync({ kind: "upload-file", file });
      notifySuccess(messages.uploaded, messages.uploadedText(file.name));
    } catch (error) {
      notifyError(messages.uploadFailed, error instanceof ApiError ? error.message : messages.retry);
    } finally {
      setUploading(false);
    }
  };
  const logCall = () => {
    setKind("call");
    textRef.current?.focus();
  };

  const notFound = detail.error instanceof ApiError && detail.error.status === 404;
  const data = detail.data;
  return (
    <>
      <Anchor href="/customers" size="sm">
        ← {messages.back}
      </Anchor>
      <QueryState
        loaded={data !== undefined}
        error={detail.error}
        onRetry={notFound ? undefined : () => void detail.refetch()}
        retrying={detail.isFetching}
        texts={{ loading: messages.loading, loadFailed: notFound ? messages.notFound : messages.loadFailed }}
      >
        {data && (
          <>
            <ScreenHeader
              eyebrow={messages.eyebrow(data.customer.debitor_number)}
              title={data.customer.name}
              description={customerStatusLabel(data.customer.status)}
            >
              <Group gap="sm" aria-label={messages.quickActions} role="group">
                <Button component="a" href={`/invoices?kunde=${id}`}>
                  {messages.newInvoice}
                </Button>
                <Button component="a" variant="light" href={`/invoices/angebote?kunde=${id}`}>
                  {messages.newQuote}
                </Button>
                <FileButton onChange={(file) => void uploadFile(file)}>
                  {(props) => (
                    <Button {...props} variant="light" loading={uploading}>
                      {messages.uploadFile}
                    </Button>
                  )}
                </FileButton>
                <Button variant="light" onClick={logCall}>
                  {messages.logCall}
                </Button>
              </Group>
            </ScreenHeader>
            <div className="cust-page">
              <Stack gap="lg">
                <Paper
                  withBorder
                  radius="lg"
                  p={{ base: "md", sm: "lg" }}
                  component="section"
                  aria-labelledby="cust-master"
                >
                  <Group justify="space-between" gap="sm">
                    <Title order={2} size="h3" id="cust-master">
                      {messages.masterData}
                    </Title>
                    <Button
                      variant="light"
                      onClick={() => setDialog((current) => ({ opened: true, session: current.session + 1 }))}
                    >
                      {messages.edit}
                    </Button>
                  </Group>
                  <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" mt="sm">
                    <Field label={fields.email} value={data.customer.email} />
                    <Field label={fields.phone} value={data.customer.phone} />
                    <Field label={fields.website} value={data.customer.website} />
                    <Field label={fields.address} value={data.customer.address} />
                    <Field label={fields.leitweg_id} value={data.customer.leitweg_id} />
                    <Field label={fields.notes} value={data.customer.notes} />
                  </SimpleGrid>
                </Paper>
                <ContactsSection contacts={data.contacts} busy={write.isPending} onWrite={run} />
                <TagsSection tags={data.tags} busy={write.isPending} onWrite={run} />
              </Stack>
              <TimelineSection
                entries={timeline.data?.entries ?? []}
                hasMore={timeline.data?.has_more === true}
                loadingMore={timeline.isFetching}
                onMore={() => setLimit((current) => Math.min(current + 30, customerPageLimits.timelineMaxLimit))}
                busy={write.isPending}
                onWrite={run}
                kind={kind}
                onKind={setKind}
                textRef={textRef}
                onLinkFile={linkDialog.open}
              />
            </div>
            <FileLinkDialog opened={linking} onClose={linkDialog.close} busy={write.isPending} onWrite={run} />
            <CustomerDialog
              opened={dialog.opened}
              customer={data.customer}
              session={dialog.session}
              onClose={() => setDialog((current) => ({ ...current, opened: false }))}
              onClosed={() => undefined}
            />
          </>
        )}
      </QueryState>
    </>
  );
}

/** /customers/:id: one customer's Stammdaten, Ansprechpartner, tags and timeline (decision 0095). */
export default function CustomerPage() {
  const id = customerIdOf(window.location.pathname);
  if (id === null) {
    return (
      <Text c="var(--mantine-color-error)" role="alert" mt="md">
        {messages.invalidId}
      </Text>
    );
  }
  return <Page key={id} id={id} />;
}
