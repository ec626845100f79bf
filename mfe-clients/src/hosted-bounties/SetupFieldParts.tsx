import type { ComponentProps, ReactNode } from 'react';
import { FormField, MutedText, StackedForm } from '@side-quest/design';
import { FormProblems } from '@side-quest/design/form-problems';
import { SETUP_LIMITS } from '@side-quest/data/lifecycle';

// The fields of a scoring setup, an answer key's (issue 45) or a test-scored one's (issue 56), on the post
// form and on a draft's console: one layout, each setup saying only what its fields are. `required` is
// false on the post form, where a bounty may be unscored: the server then asks for what is missing.

export interface NumberLimits {
  min: number;
  max: number;
  default: number;
}

/** A number's range as its hint says it: "10–600 seconds; 120 by default." */
export function rangeHint(limits: NumberLimits, unit: string): string {
  return `${limits.min}–${limits.max}${unit}; ${limits.default} by default.`;
}

/** A saved setup's fields as its form shows them (numbers as typed), or the defaults when none is saved. */
export function setupFormValues<Name extends string>(
  setup: Readonly<Record<NoInfer<Name>, string | number>> | null,
  defaults: Readonly<Record<Name, string>>,
): Record<Name, string> {
  const names = Object.keys(defaults) as Name[];
  return Object.fromEntries(
    names.map((name) => [name, setup ? String(setup[name]) : defaults[name]]),
  ) as Record<Name, string>;
}

/** A file the setup takes: `needed` ones are required where the form requires its fields. */
export interface SetupUpload {
  name: string;
  label: string;
  accept: string;
  needed: boolean;
  hint: string;
}

/** What a setup's fields are: its choice (metric or runtime), its numbers, its licence and its files. */
export interface SetupFieldsSpec<Name extends string> {
  choice: {
    name: Name;
    label: string;
    options: ReadonlyArray<{ value: string; label: string }>;
    /** What is chosen when the values hold nothing. */
    fallback?: string;
    /** Whether the choice is required when the fields are (an answer key's metric has a default). */
    required: boolean;
    hint: ReactNode;
  };
  /** With a `unit`, a number's range and default are said under it. */
  numbers: ReadonlyArray<{ name: Name; label: string; limits: NumberLimits; unit?: string }>;
  licence: { label: string; placeholder: string };
  uploads: readonly SetupUpload[];
}

export function SetupFieldSet<Name extends string>({
  idPrefix,
  spec,
  values,
  required,
  namePrefix = '',
}: {
  idPrefix: string;
  spec: SetupFieldsSpec<Name>;
  values: Readonly<Record<Name | 'licence', string>>;
  required: boolean;
  /** Before each typed field's name (the post form's test setup, beside the answer key's); not the files'. */
  namePrefix?: string;
}) {
  const field = (name: string) => `${idPrefix}-${name}`;
  const hinted = (name: string) => `${field(name)}-hint`;
  const { choice, licence } = spec;
  return (
    <>
      <FormField>
        <label htmlFor={field(choice.name)}>{choice.label}</label>
        <select
          id={field(choice.name)}
          name={namePrefix + choice.name}
          required={required && choice.required}
          defaultValue={values[choice.name] || choice.fallback}
          aria-describedby={hinted(choice.name)}
        >
          {choice.options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
        <MutedText id={hinted(choice.name)}>{choice.hint}</MutedText>
      </FormField>
      {spec.numbers.map(({ name, label, limits, unit }) => (
        <FormField key={name}>
          <label htmlFor={field(name)}>{label}</label>
          <input
            id={field(name)}
            name={namePrefix + name}
            type="number"
            min={limits.min}
            max={limits.max}
            required={required}
            defaultValue={values[name]}
            aria-describedby={unit === undefined ? undefined : hinted(name)}
          />
          {unit !== undefined && <MutedText id={hinted(name)}>{rangeHint(limits, unit)}</MutedText>}
        </FormField>
      ))}
      <FormField>
        <label htmlFor={field('licence')}>{licence.label}</label>
        <input
          id={field('licence')}
          name={`${namePrefix}licence`}
          required={required}
          maxLength={SETUP_LIMITS.licenceMax}
          defaultValue={values.licence}
          placeholder={licence.placeholder}
        />
      </FormField>
      {spec.uploads.map((upload) => (
        <FormField key={upload.name}>
          <label htmlFor={field(upload.name)}>{upload.label}</label>
          <input
            id={field(upload.name)}
            name={upload.name}
            type="file"
            accept={upload.accept}
            required={required && upload.needed}
            aria-describedby={hinted(upload.name)}
          />
          <MutedText id={hinted(upload.name)}>{upload.hint}</MutedText>
        </FormField>
      ))}
    </>
  );
}

/** A setup form sent back refused: its message, its problems, and that its files must be chosen again. */
export function SetupFormProblems({
  returned,
}: {
  returned: { message: string; problems: string[] } | null;
}) {
  if (!returned) return null;
  return (
    <FormProblems message={returned.message} problems={returned.problems}>
      <MutedText>Files are not kept when a form comes back: choose them again.</MutedText>
    </FormProblems>
  );
}

/** A setup's form: files, so a multipart POST, which works without JavaScript. */
export function SetupForm(props: ComponentProps<typeof StackedForm> & { action: string }) {
  return <StackedForm method="post" encType="multipart/form-data" {...props} />;
}
