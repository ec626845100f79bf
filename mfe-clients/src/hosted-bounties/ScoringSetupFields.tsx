import { FormField, MutedText } from '@side-quest/design';
import {
  SCORING_FILE_LABELS,
  SCORING_METRICS,
  SETUP_LIMITS,
  type ScoringFileKind,
  type SetupValues,
} from '@side-quest/data/lifecycle';

// The scoring setup's fields (issue 45 item 2), on the post form and on a draft's console: one set, so
// both forms send the same names the server's setup check reads.

export const SETUP_DEFAULTS: SetupValues = {
  metric: 'roc_auc',
  publicShare: String(SETUP_LIMITS.publicShare.default),
  dailyEntries: String(SETUP_LIMITS.dailyEntries.default),
  finalEntries: String(SETUP_LIMITS.finalEntries.default),
  licence: '',
};

const UPLOADS: Array<{
  name: 'key' | ScoringFileKind;
  label: string;
  accept: string;
  needed: boolean;
  hint: string;
}> = [
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
  const field = (name: string) => `${idPrefix}-${name}`;
  const required = !optional;
  const number = (name: 'publicShare' | 'dailyEntries' | 'finalEntries', label: string) => (
    <FormField>
      <label htmlFor={field(name)}>{label}</label>
      <input
        id={field(name)}
        name={name}
        type="number"
        min={SETUP_LIMITS[name].min}
        max={SETUP_LIMITS[name].max}
        required={required}
        defaultValue={values[name]}
      />
    </FormField>
  );
  return (
    <>
      <FormField>
        <label htmlFor={field('metric')}>Metric</label>
        <select
          id={field('metric')}
          name="metric"
          defaultValue={values.metric}
          aria-describedby={`${field('metric')}-hint`}
        >
          {SCORING_METRICS.map((metric) => (
            <option key={metric.name} value={metric.name}>
              {metric.label} ({metric.better}; entries hold {metric.input})
            </option>
          ))}
        </select>
        {/* A phone cuts the chosen option short: each metric's direction and input, in full. */}
        <MutedText id={`${field('metric')}-hint`}>
          {SCORING_METRICS.map(
            (metric) => `${metric.label}: ${metric.better}, entries hold ${metric.input}.`,
          ).join(' ')}
        </MutedText>
      </FormField>
      {number('publicShare', 'Public share of the rows (%)')}
      {number('dailyEntries', 'Entries per person per UTC day')}
      {number('finalEntries', 'Final entries each person chooses')}
      <FormField>
        <label htmlFor={field('licence')}>Licence of the data</label>
        <input
          id={field('licence')}
          name="licence"
          required={required}
          maxLength={SETUP_LIMITS.licenceMax}
          defaultValue={values.licence}
          placeholder="CC BY 4.0"
        />
      </FormField>
      {UPLOADS.map((upload) => (
        <FormField key={upload.name}>
          <label htmlFor={field(upload.name)}>{upload.label}</label>
          <input
            id={field(upload.name)}
            name={upload.name}
            type="file"
            accept={upload.accept}
            required={required && upload.needed}
            aria-describedby={`${field(upload.name)}-hint`}
          />
          <MutedText id={`${field(upload.name)}-hint`}>{upload.hint}</MutedText>
        </FormField>
      ))}
    </>
  );
}
