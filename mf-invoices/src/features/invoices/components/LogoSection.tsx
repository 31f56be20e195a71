import { type CompanyAnswer, type CompanyLogo, companyLogoLimits, companyLogoMessages } from "@klarwerk/kit";
import { apiFetch, callApi } from "@klarwerk/kit/browser";
import { notifyError, notifySuccess } from "@klarwerk/kit/portal";
import { useMutation, useQueryClient } from "@klarwerk/kit/query";
import { Button, FileButton, Group, Stack, Text, Title } from "@klarwerk/kit/ui";
import { useEffect, useState } from "react";
import { companyKey } from "../../../shared/api/get-company";
import { invoiceMessages } from "../../../shared/messages";
import { letterheadMessages as messages } from "../letterhead-messages";

/** The stored logo's bytes as an address the preview can show (the API wants the bearer token, an img can't send it). */
function useLogoPreview(logo: CompanyLogo | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  const sha256 = logo?.sha256 ?? null;
  useEffect(() => {
    if (sha256 === null) {
      setUrl(null);
      return;
    }
    let made: string | null = null;
    let cancelled = false;
    apiFetch("/api/company/logo")
      .then((response) => response.blob())
      .then((blob) => {
        if (cancelled) return;
        made = URL.createObjectURL(blob);
        setUrl(made);
      })
      .catch(() => setUrl(null));
    return () => {
      cancelled = true;
      if (made !== null) URL.revokeObjectURL(made);
    };
  }, [sha256]);
  return url;
}

interface LogoSectionProps {
  logo: CompanyLogo | null;
}

/**
 * „Logo“ in the Firmeneinstellungen (decision 0091): a preview of the letterhead's logo, a PNG or
 * JPEG to upload (the server checks its bytes; 1 MB is checked here first, to spare the upload)
 * and „Logo entfernen“. Later PDFs carry it; issued ones keep theirs.
 */
export function LogoSection({ logo }: LogoSectionProps) {
  const queryClient = useQueryClient();
  const preview = useLogoPreview(logo);
  const [problem, setProblem] = useState<string | null>(null);
  const onAnswer = (answer: CompanyAnswer) => queryClient.setQueryData(companyKey, answer);
  const upload = useMutation({
    mutationFn: (file: File) => callApi("PUT /api/company/logo", { json: file }),
    onSuccess: (answer) => {
      onAnswer(answer);
      setProblem(null);
      notifySuccess(messages.uploaded);
    },
    onError: (error) => setProblem(error.message),
  });
  const remove = useMutation({
    mutationFn: () => callApi("DELETE /api/company/logo"),
    onSuccess: (answer) => {
      onAnswer(answer);
      notifySuccess(messages.removed);
    },
    onError: (error) => notifyError(invoiceMessages.actionFailed, error.message),
  });
  const choose = (file: File | null) => {
    if (file === null) return;
    if (file.size > companyLogoLimits.maxBytes) {
      setProblem(companyLogoMessages.tooLarge);
      return;
    }
    upload.mutate(file);
  };
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {messages.title}
      </Title>
      <Text fz="sm" c="dimmed">
        {messages.description}
      </Text>
      {logo !== null && preview !== null && (
        // On white, as on the printed page: a logo with dark letters on a transparent ground stays legible in dark mode.
        <div
          style={{
            alignSelf: "flex-start",
            maxWidth: "100%",
            padding: 8,
            background: "#fff",
            border: "1px solid var(--mantine-color-default-border)",
            borderRadius: 8,
          }}
        >
          <img
            src={preview}
            alt={messages.previewAlt}
            style={{ display: "block", maxWidth: "100%", maxHeight: 80, objectFit: "contain" }}
          />
        </div>
      )}
      {logo === null && (
        <Text fz="sm" data-testid="no-logo">
          {messages.none}
        </Text>
      )}
      <Group gap="sm">
        <FileButton onChange={choose} accept={companyLogoLimits.accept} inputProps={{ "aria-label": messages.choose }}>
          {(props) => (
            <Button {...props} variant="default" loading={upload.isPending}>
              {logo === null ? messages.choose : messages.replace}
            </Button>
          )}
        </FileButton>
        {logo !== null && (
          <Button variant="subtle" color="red" onClick={() => remove.mutate()} loading={remove.isPending}>
            {messages.remove}
          </Button>
        )}
      </Group>
      {problem !== null && (
        <Text fz="sm" c="var(--mantine-color-error)" role="alert">
          {problem}
        </Text>
      )}
    </Stack>
  );
}
