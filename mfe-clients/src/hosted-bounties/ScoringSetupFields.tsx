import {
  SCORING_FILE_LABELS,
  SCORING_METRICS,
  SETUP_LIMITS,
  type ScoringFileKind,
  type SetupFieldName,
  type SetupValues,
} from '@side-quest/data/lifecycle';
import { SetupFieldSet, type SetupFieldsSpec, type SetupUpload } from './SetupFieldParts';

// The scoring setup's fields (issue 45 item 2), on the post form and on a draft's console: one set, so
// both forms send the same names the server's setup check reads.

export const SETUP_DEFAULTS: SetupValues = {
  metric: 'roc_auc',
  publicShare: String(SETUP_LIMITS.publicShare.default),
  dailyEntries: String(SETUP_LIMITS.dailyEntries.default),
  finalEntries: String(SETUP_LIMITS.finalEntries.default),
  licence: '',
};

const UPLOADS: Array<SetupUpload & { name: 'key' | ScoringFileKind }> = [
  {
    name: 'key',
    label: 'Answer key',
    accept: '.csv,text/csv',
    needed: true,
    hint: 'CSV of id and target, up to 20 MB. Only your team can download it.',
  },
  {
    name: 'inputs',
    label: SCORING_FILE_LABELS.inputs,
    accept: '.csv,.zip,text/csv,application/zip',
    needed: true,
    hint: 'CSV with an id column holding exactly the key’s ids, or a ZIP of that one CSV, up to 50 MB.',
  },
  {
    name: 'training',
    label: SCORING_FILE_LABELS.training,
    accept: '.csv,.zip',
    needed: false,
    hint: 'Optional. CSV or ZIP, up to 50 MB.',
  },
  {
    name: 'sample',
    label: SCORING_FILE_LABELS.sample,
    accept: '.csv,.zip',
    needed: false,
    hint: 'Optional. A valid entry for this key (CSV, or a ZIP of one CSV), checked as entrants’ files are.',
  },
  {
    name: 'baseline',
    label: SCORING_FILE_LABELS.baseline,
    accept: '.csv,text/csv',
    needed: false,
    hint: 'Optional. Your own entry, shown and never ranked.',
  },
];

const SPEC: SetupFieldsSpec<SetupFieldName> = {
  choice: {
    name: 'metric',
    label: 'Metric',
    options: SCORING_METRICS.map((metric) => ({
      value: metric.name,
      label: `${metric.label} (${metric.better}; entries hold ${metric.input})`,
    })),
    required: false,
    // A phone cuts the chosen option short: each metric's direction and input, in full.
    hint: SCORING_METRICS.map(
      (metric) => `${metric.label}: ${metric.better}, entries hold ${metric.input}.`,
    ).join(' '),
  },
  numbers: [
    { name: 'publicShare', label: 'Public share of the rows (%)', limits: SETUP_LIMITS.publicShare },
    { name: 'dailyEntries', label: 'Entries per person per UTC day', limits: SETUP_LIMITS.dailyEntries },
    { name: 'finalEntries', label: 'Final entries each person chooses', limits: SETUP_LIMITS.finalEntries },
  ],
  licence: { label: 'Licence of the data', placeholder: 'CC BY 4.0' },
  uploads: UPLOADS,
};

/**
 * The metric, the limits, the licence and the files. `optional` (the post form, where a bounty may be
 * unscored) marks nothing required: the server asks for the key and inputs once either file is chosen.
 */
export function ScoringSetupFields({
  idPrefix,
  values,
  optional = false,
}: {
  idPrefix: string;
  values: SetupValues;
  optional?: boolean;
}) {
  return <SetupFieldSet idPrefix={idPrefix} spec={SPEC} values={values} required={!optional} />;
}
