import type { ContactRequestCounts } from "@klarwerk/kit";
import { formatCount } from "@klarwerk/kit/format";
import { Paper, SimpleGrid, Text } from "@klarwerk/kit/ui";
import { useId } from "react";
import { dashboardMessages as messages } from "../messages";

interface CounterProps {
  label: string;
  /** null while the counts are unknown (loading or failed). */
  value: number | null;
  accent: string;
}

function Counter({ label, value, accent }: CounterProps) {
  const labelId = useId();
  return (
    <Paper
      role="group"
      aria-labelledby={labelId}
      withBorder
      radius="lg"
      p="lg"
      className="dash-counter"
      style={{ "--dash-accent": accent }}
    >
      <Text id={labelId} size="sm" fw={600} c="dimmed">
        {label}
      </Text>
      <Text className="dash-counter__value" aria-live="polite">
        {value === null ? "–" : formatCount(value)}
      </Text>
    </Paper>
  );
}

/** The four counters; projects and appointments are fixed at 0 (the product has no projects or appointments yet). */
export function Counters({ counts }: { counts: ContactRequestCounts | null }) {
  return (
    <SimpleGrid
      component="section"
      aria-label={messages.countersLabel}
      cols={{ base: 1, xs: 2, md: 4 }}
      spacing="md"
      mb="xl"
    >
      <Counter label={messages.counters.activeProjects} value={0} accent="var(--mantine-color-brand-4)" />
      <Counter label={messages.counters.appointments} value={0} accent="var(--mantine-color-brand-2)" />
      <Counter label={messages.counters.done} value={counts?.done ?? null} accent="var(--mantine-color-teal-6)" />
      <Counter label={messages.counters.open} value={counts?.open ?? null} accent="#e4a23c" />
    </SimpleGrid>
  );
}
