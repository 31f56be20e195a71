import { Anchor, Text } from "@klarwerk/kit/ui";
import { useId, useState } from "react";
import { customerScreenMessages as messages } from "../messages";
import { notePreview } from "../notes";

/** A note, cut to 150 characters plus "..." when longer, with "mehr" / "weniger" to toggle the rest. */
export function NotesCell({ notes }: { notes: string | null }) {
  const [expanded, setExpanded] = useState(false);
  const textId = useId();
  if (!notes) return <MissingValue />;
  const preview = notePreview(notes);
  return (
    <Text size="sm" className="cust-notes">
      <span id={textId}>{preview && !expanded ? preview : notes}</span>
      {preview && (
        <>
          {" "}
          <Anchor
            component="button"
            type="button"
            size="sm"
            fw={600}
            aria-expanded={expanded}
            aria-controls={textId}
            onClick={() => setExpanded((value) => !value)}
          >
            {expanded ? messages.less : messages.more}
          </Anchor>
        </>
      )}
    </Text>
  );
}

/** "-" in place of an empty value, the same in every column. */
export function MissingValue() {
  return (
    <Text span size="sm" c="dimmed">
      {messages.missing}
    </Text>
  );
}
