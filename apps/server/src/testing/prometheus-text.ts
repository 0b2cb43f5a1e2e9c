// Shared by the specs: the Prometheus text exposition read by an independent parser.
import parsePrometheusTextFormat, { type PrometheusFamily } from 'parse-prometheus-text-format';

export interface ParsedExposition {
  /** Every family as the parser reads it (names, HELP, TYPE; counter and gauge samples with labels). */
  readonly families: ReadonlyMap<string, PrometheusFamily>;
  /**
   * A histogram's `_count`, `_sum` or `_bucket` series with their labels. The parser folds a
   * labelled histogram into one label-less sample (a known limitation of the parser), so the
   * series are read by parsing the text again with the histograms declared untyped.
   */
  series(name: string): PrometheusFamily['metrics'];
}

export function parseExposition(text: string): ParsedExposition {
  const families = new Map(parsePrometheusTextFormat(text).map((family) => [family.name, family]));
  // Untyped, each run of same-named lines is a family of its own: the runs are joined by name.
  const untyped = new Map<string, PrometheusFamily['metrics'][number][]>();
  for (const family of parsePrometheusTextFormat(text.replace(/^# TYPE (\S+) histogram$/gm, '# TYPE $1 untyped'))) {
    untyped.set(family.name, [...(untyped.get(family.name) ?? []), ...family.metrics]);
  }
  return { families, series: (name) => untyped.get(name) ?? [] };
}

/** The value of the sample with exactly these labels, as a number; undefined when absent. */
export function sampleValue(samples: PrometheusFamily['metrics'], labels: Readonly<Record<string, string>>): number | undefined {
  const wanted = JSON.stringify(Object.entries(labels).sort());
  const found = samples.find((sample) => JSON.stringify(Object.entries(sample.labels ?? {}).sort()) === wanted);
  return found?.value === undefined ? undefined : Number(found.value);
}
