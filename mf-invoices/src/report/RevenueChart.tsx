import { formatEuro, type RevenueMonth } from "@klarwerk/kit";
import { Group, Text } from "@klarwerk/kit/ui";
import { useId } from "react";
import { reportMessages as messages } from "../messages";
import { longMonth, shortMonth } from "./months";

/**
 * The revenue per month as stacked bars (paid below, open above; a month with more Stornorechnung
 * than invoices goes below the zero line), drawn as SVG by React: no charting library, so the
 * screen's chunk stays small. The picture is one image with a label; its numbers are the table's
 * under it, which is what a screen reader reads. Loaded lazily, with the "Auswertung" only.
 */

const width = 720;
const height = 280;
const plot = { left: 84, right: 8, top: 12, bottom: 40 };
const paidColor = "var(--mantine-color-teal-7)";
const openColor = "var(--mantine-color-orange-8)";

/** A round step for about four grid lines: 1, 2 or 5 × a power of ten (in cents). */
function gridStep(span: number): number {
  if (span <= 0) return 100_00;
  const rough = span / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough);
  return step ?? 10 * power;
}

/** The grid's ends: at least 0, rounded out to whole steps. */
function scaleOf(revenue: RevenueMonth[]) {
  const parts = revenue.map((month) => [month.paid_cents, month.open_cents]);
  const high = Math.max(0, ...parts.map((values) => values.filter((v) => v > 0).reduce((a, b) => a + b, 0)));
  const low = Math.min(0, ...parts.map((values) => values.filter((v) => v < 0).reduce((a, b) => a + b, 0)));
  const step = gridStep(high - low);
  const top = Math.max(step, Math.ceil(high / step) * step);
  const bottom = Math.floor(low / step) * step;
  const ticks: number[] = [];
  for (let value = bottom; value <= top; value += step) ticks.push(value);
  const y = (value: number) => plot.top + ((top - value) / (top - bottom)) * (height - plot.top - plot.bottom);
  return { ticks, y };
}

/** A euro amount for the axis, without cents. */
function axisEuro(cents: number): string {
  return formatEuro(Math.round(cents / 100) * 100).replace(/,00(?=\s€)/, "");
}

export default function RevenueChart({ revenue }: { revenue: RevenueMonth[] }) {
  const titleId = useId();
  const { ticks, y } = scaleOf(revenue);
  const slot = (width - plot.left - plot.right) / revenue.length;
  const barWidth = slot * 0.6;

  return (
    <div>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={titleId}
        style={{ width: "100%", height: "auto", display: "block" }}
      >
        <title id={titleId}>{messages.chartLabel}</title>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={plot.left}
              x2={width - plot.right}
              y1={y(tick)}
              y2={y(tick)}
              stroke={tick === 0 ? "var(--mantine-color-gray-7)" : "var(--mantine-color-gray-3)"}
            />
            <text x={plot.left - 8} y={y(tick)} dy="0.35em" textAnchor="end" fontSize={12} fill="currentColor">
              {axisEuro(tick)}
            </text>
          </g>
        ))}
        {revenue.map((month, index) => {
          const x = plot.left + index * slot + (slot - barWidth) / 2;
          // Each part stacks on its side of the zero line: positive upwards, negative downwards.
          let above = 0;
          let below = 0;
          const bars = [
            { key: "paid", cents: month.paid_cents, color: paidColor, label: messages.paid },
            { key: "open", cents: month.open_cents, color: openColor, label: messages.open },
          ].map((part) => {
            if (part.cents === 0) return null;
            const from = part.cents > 0 ? above : below;
            const to = from + part.cents;
            if (part.cents > 0) above = to;
            else below = to;
            const yTop = y(Math.max(from, to));
            return (
              <rect
                key={part.key}
                x={x}
                y={yTop}
                width={barWidth}
                height={Math.max(1, y(Math.min(from, to)) - yTop)}
                fill={part.color}
              >
                <title>{`${longMonth(month.month)}, ${part.label}: ${formatEuro(part.cents)}`}</title>
              </rect>
            );
          });
          return (
            <g key={month.month}>
              {bars}
              <text
                x={x + barWidth / 2}
                y={height - plot.bottom + 16}
                textAnchor="middle"
                fontSize={11}
                fill="currentColor"
              >
                <tspan>{shortMonth(month.month)}</tspan>
                <tspan x={x + barWidth / 2} dy="1.2em">
                  {month.month.slice(0, 4)}
                </tspan>
              </text>
            </g>
          );
        })}
      </svg>
      <Group gap="lg" mt="xs" aria-hidden="true">
        <LegendItem color={paidColor} label={messages.paid} />
        <LegendItem color={openColor} label={messages.open} />
      </Group>
    </div>
  );
}

function LegendItem({ color, label }: { color: string; label: string }) {
  return (
    <Group gap={6}>
      <svg width="14" height="14" aria-hidden="true">
        <rect width="14" height="14" rx="2" fill={color} />
      </svg>
      <Text size="sm">{label}</Text>
    </Group>
  );
}
