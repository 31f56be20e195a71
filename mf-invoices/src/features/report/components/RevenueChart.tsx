import { formatEuro, type RevenueMonth } from "@klarwerk/kit";
import { Group, Text } from "@klarwerk/kit/ui";
import { GridRows } from "@visx/grid";
import { Group as SvgGroup } from "@visx/group";
import { scaleBand, scaleLinear } from "@visx/scale";
import { BarStack, Line } from "@visx/shape";
import { useId } from "react";
import { reportMessages as messages } from "../messages";
import { longMonth, shortMonth } from "../months";

/**
 * The revenue per month as stacked bars (paid below, open above; a month with more Stornorechnung
 * than invoices goes below the zero line), drawn as SVG with visx (record 0065): its scales place
 * months and amounts, its BarStack stacks each part on its side of the zero line (d3's diverging
 * offset), its GridRows draws the grid. The picture is one image with a label; its numbers are the
 * table's under it, which is what a screen reader reads. Loaded lazily, with the "Auswertung" only.
 */

const width = 720;
const height = 280;
const plot = { left: 84, right: 8, top: 12, bottom: 40 };
const inner = { width: width - plot.left - plot.right, height: height - plot.top - plot.bottom };
const parts = {
  paid_cents: { color: "var(--mantine-color-teal-7)", label: messages.paid },
  open_cents: { color: "var(--mantine-color-orange-8)", label: messages.open },
} as const;
type Part = keyof typeof parts;
const keys: Part[] = ["paid_cents", "open_cents"];

/** A round step for about four grid lines: 1, 2 or 5 × a power of ten (in cents), at least 1 €. */
function gridStep(span: number): number {
  if (span <= 0) return 100_00;
  const rough = span / 4;
  const power = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 5, 10].map((factor) => factor * power).find((candidate) => candidate >= rough);
  return Math.max(100, step ?? 10 * power);
}

/** The amount axis: at least 0, rounded out to whole steps, a grid line on each step. */
function amountScale(revenue: RevenueMonth[]) {
  const sides = revenue.map((month) => keys.map((key) => month[key]));
  const high = Math.max(0, ...sides.map((values) => values.filter((v) => v > 0).reduce((a, b) => a + b, 0)));
  const low = Math.min(0, ...sides.map((values) => values.filter((v) => v < 0).reduce((a, b) => a + b, 0)));
  const step = gridStep(high - low);
  const top = Math.max(step, Math.ceil(high / step) * step);
  const bottom = Math.floor(low / step) * step;
  const ticks: number[] = [];
  for (let value = bottom; value <= top; value += step) ticks.push(value);
  return { ticks, y: scaleLinear<number>({ domain: [bottom, top], range: [inner.height, 0] }) };
}

/** A euro amount for the axis, without cents. */
function axisEuro(cents: number): string {
  return formatEuro(Math.round(cents / 100) * 100).replace(/,00(?=\s€)/, "");
}

export default function RevenueChart({ revenue }: { revenue: RevenueMonth[] }) {
  const titleId = useId();
  const { ticks, y } = amountScale(revenue);
  // A slot per month, the bar 60 % of it and centred (40 % between bars, 20 % at the ends).
  const x = scaleBand<string>({
    domain: revenue.map((month) => month.month),
    range: [0, inner.width],
    paddingInner: 0.4,
    paddingOuter: 0.2,
  });

  return (
    <div>
      <svg
        viewBox={`0 0 ${width} ${height}`}
        role="img"
        aria-labelledby={titleId}
        style={{ width: "100%", height: "auto", display: "block" }}
      >
        <title id={titleId}>{messages.chartLabel}</title>
        <SvgGroup left={plot.left} top={plot.top}>
          <GridRows
            scale={y}
            width={inner.width}
            tickValues={ticks.filter((tick) => tick !== 0)}
            stroke="var(--mantine-color-gray-3)"
          />
          <Line from={{ x: 0, y: y(0) }} to={{ x: inner.width, y: y(0) }} stroke="var(--mantine-color-dimmed)" />
          {ticks.map((tick) => (
            <text key={tick} x={-8} y={y(tick)} dy="0.35em" textAnchor="end" fontSize={12} fill="currentColor">
              {axisEuro(tick)}
            </text>
          ))}
          <BarStack<RevenueMonth, Part>
            data={revenue}
            keys={keys}
            x={(month) => month.month}
            xScale={x}
            yScale={y}
            color={(key) => parts[key].color}
            offset="diverging"
          >
            {(stacks) =>
              stacks.map((stack) =>
                stack.bars.map((bar) => {
                  const cents = bar.bar.data[stack.key];
                  if (cents === 0) return null;
                  return (
                    <rect
                      key={`${stack.key}-${bar.bar.data.month}`}
                      x={bar.x}
                      y={bar.y}
                      width={bar.width}
                      height={Math.max(1, bar.height)}
                      fill={bar.color}
                    >
                      <title>{`${longMonth(bar.bar.data.month)}, ${parts[stack.key].label}: ${formatEuro(cents)}`}</title>
                    </rect>
                  );
                }),
              )
            }
          </BarStack>
          {revenue.map((month) => {
            const centre = (x(month.month) ?? 0) + x.bandwidth() / 2;
            return (
              <text
                key={month.month}
                x={centre}
                y={inner.height + 16}
                textAnchor="middle"
                fontSize={11}
                fill="currentColor"
              >
                <tspan>{shortMonth(month.month)}</tspan>
                <tspan x={centre} dy="1.2em">
                  {month.month.slice(0, 4)}
                </tspan>
              </text>
            );
          })}
        </SvgGroup>
      </svg>
      <Group gap="lg" mt="xs" aria-hidden="true">
        {keys.map((key) => (
          <LegendItem key={key} color={parts[key].color} label={parts[key].label} />
        ))}
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
