import styled from 'styled-components';
import { theme } from '@side-quest/design';
import { Select } from '../common/formControls';

/** A labelled control of the filter panel: its label over it. */
export const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(1)};
  min-width: 0;
  label {
    font-size: 0.85rem;
    font-family: ${theme.font.mono};
    color: ${theme.color.textMuted};
  }
`;

/** One choice of a FilterSelect: the value its URL parameter takes, and what the option says. */
export interface FilterOption {
  value: string;
  label: string;
}

/**
 * A labelled select of the filter panel whose options are written out (Status, Stage on Side Quest,
 * Sponsor, the reward bounds). Its `name` is the list's URL parameter, so the panel's GET form
 * submits it before and without JavaScript; once hydrated a change applies at once through
 * `onChange`, which gets the chosen option's value.
 */
export function FilterSelect({
  id,
  label,
  name,
  value,
  options,
  onChange,
}: {
  id: string;
  label: string;
  name: string;
  value: string;
  options: readonly FilterOption[];
  onChange: (value: string) => void;
}) {
  return (
    <Field>
      <label htmlFor={id}>{label}</label>
      <Select id={id} name={name} value={value} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option.value} value={option.value}>
            {option.label}
          </option>
        ))}
      </Select>
    </Field>
  );
}
