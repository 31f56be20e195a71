import { Paper, Text, Title } from "@klarwerk/kit/ui";
import { type ReactNode, type Ref, useId } from "react";

interface UsersSectionProps {
  title: string;
  hint: string;
  /** The heading takes the focus when the row that had it leaves the table. */
  titleRef: Ref<HTMLHeadingElement>;
  children: (titleId: string) => ReactNode;
}

/** A card of the user administration: heading, one line of explanation, then its table. */
export function UsersSection({ title, hint, titleRef, children }: UsersSectionProps) {
  const titleId = useId();
  return (
    <Paper component="section" aria-labelledby={titleId} withBorder radius="lg" p={{ base: "md", sm: "lg" }} mb="xl">
      <Title order={2} size="h3" id={titleId} ref={titleRef} tabIndex={-1} className="users-section-title">
        {title}
      </Title>
      <Text size="sm" c="dimmed" mb="md">
        {hint}
      </Text>
      {children(titleId)}
    </Paper>
  );
}
