import { useEffect, useRef, useState } from 'react';
import type uPlot from 'uplot';

export interface ChartSeries {
  label: string;
  values: (number | null)[];
  color: string;
}

/** Colours told apart by people with the common colour-vision deficiencies (Okabe–Ito). */
export const chartColours = ['#0072b2', '#d55e00', '#009e73', '#cc79a7', '#e69f00', '#56b4e9', '#000000'];

/**
 * A line or bar chart drawn by uPlot (about 50 KB), loaded the first time a screen draws one, so
 * the console's entry does not carry it. The chart is a picture of the table the screen shows
 * beside it: it is an image with a name, and its data is read from the table.
 */
export function Chart({
  title,
  labels,
  series,
  kind = 'line',
  yValue,
}: {
  title: string;
  /** One label per x position (a period, a bucket, a month since disbursement). */
  labels: string[];
  series: ChartSeries[];
  kind?: 'line' | 'bars';
  yValue: (value: number) => string;
}) {
  const box = useRef<HTMLDivElement>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let chart: uPlot | null = null;
    let cancelled = false;
    const element = box.current;
    if (!element) return;
    void Promise.all([import('uplot'), import('uplot/dist/uPlot.min.css')]).then(
      ([{ default: UPlot }]) => {
        if (cancelled) return;
        const labelEvery = Math.max(1, Math.ceil(labels.length / 8));
        const bars = kind === 'bars' ? UPlot.paths.bars?.({ size: [0.6, 48] }) : undefined;
        chart = new UPlot(
          {
            width: Math.max(280, element.clientWidth),
            height: 220,
            legend: { show: false },
            cursor: { show: false },
            // Half a step of room each side, so the first and last bars are whole.
            scales: { x: { time: false, range: [-0.5, Math.max(0.5, labels.length - 0.5)] } },
            axes: [
              {
                // A tick at each position, labelled at most about eight times across.
                splits: () => labels.map((_, index) => index),
                values: (_chart, ticks) =>
                  ticks.map((tick) => (tick % labelEvery === 0 ? (labels[tick] ?? '') : '')),
              },
              { values: (_chart, ticks) => ticks.map(yValue), size: 96 },
            ],
            series: [
              {},
              ...series.map((line) => ({
                label: line.label,
                stroke: line.color,
                width: 2,
                ...(bars ? { paths: bars, fill: `${line.color}cc` } : {}),
              })),
            ],
          },
          [labels.map((_, index) => index), ...series.map((line) => line.values)],
          element,
        );
      },
      () => setFailed(true),
    );
    return () => {
      cancelled = true;
      chart?.destroy();
    };
  }, [labels, series, kind, yValue]);
  return (
    <figure className="chart">
      <figcaption>{title}</figcaption>
      <ul className="chart__key" aria-hidden="true">
        {series.map((line) => (
          <li key={line.label}>
            <span className="chart__swatch" style={{ background: line.color }} /> {line.label}
          </li>
        ))}
      </ul>
      <div
        ref={box}
        className="chart__plot"
        role="img"
        aria-label={`${title}: a chart of the table beside it`}
      />
      {failed ? <p role="alert">The chart could not be drawn; the table has its figures.</p> : null}
    </figure>
  );
}
