import { useRef, type ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { LEAD_FORM_FIELDS } from '@side-quest/data/forms';
import { CostSlider } from './CostSlider';
import type { ChallengeType } from './leadPayload';
import { useTypingPlaceholder } from './useTypingPlaceholder';
import { theme } from '@side-quest/design';

export interface ChallengeOptionCopy {
  title: string;
  summary: string;
}

/** The toggle texts of each challenge type (titles exactly as in mfe-clients/README.md, "Lead form"). */
export const CHALLENGE_OPTIONS: Record<ChallengeType, ChallengeOptionCopy> = {
  hiring: {
    title: 'Hiring Confidence',
    summary: 'You are not sure a candidate can really do the work.',
  },
  bottleneck: {
    title: 'Technical Bottleneck',
    summary: 'A hard technical problem is slowing your team down.',
  },
};

interface ChallengeOptionProps {
  type: ChallengeType;
  selected: boolean;
  description: string;
  /** The example phrases its placeholder shows: typed out while `typePlaceholder`, else the first. */
  examplePhrases: readonly string[];
  typePlaceholder: boolean;
  costPosition: number;
  /** Spread on the text input: invalid and described by its message, when it has one (fieldErrors). */
  invalid: { 'aria-invalid'?: true; 'aria-describedby'?: string };
  /** The text's message, shown under it, or nothing. */
  message: ReactNode;
  onSelect: () => void;
  onDescribe: (text: string) => void;
  onFocusInput: () => void;
  onCostChange: (position: number) => void;
}

/**
 * One toggle of the form with its own free-text challenge input and cost slider. The toggle is a radio
 * button of the form's `challengeType` group, so it works as plain HTML: before the page hydrates (the
 * choice is handed to the form then, `shell/src/startup/keepTypedValues.ts`) and without JavaScript
 * (it is posted). Its look follows the radio's own state, so a choice shows before hydration too.
 */
export function ChallengeOption(props: ChallengeOptionProps) {
  const { type, selected, description, examplePhrases, typePlaceholder, costPosition } = props;
  const copy = CHALLENGE_OPTIONS[type];
  const inputId = `lead-${type}-description`;
  return (
    <Option>
      <Toggle>
        <Radio
          type="radio"
          id={`lead-${type}-type`}
          name={LEAD_FORM_FIELDS.challengeType}
          value={type}
          checked={selected}
          onChange={props.onSelect}
        />
        <span>
          <ToggleTitle>{copy.title}</ToggleTitle>
          <ToggleSummary>{copy.summary}</ToggleSummary>
        </span>
      </Toggle>
      <InputLabel htmlFor={inputId}>
        Your challenge<span className="visually-hidden"> ({copy.title})</span>
      </InputLabel>
      <ChallengeDescription
        id={inputId}
        name={LEAD_FORM_FIELDS.description(type)}
        value={description}
        examplePhrases={examplePhrases}
        typePlaceholder={typePlaceholder}
        onFocus={props.onFocusInput}
        onDescribe={props.onDescribe}
        invalid={props.invalid}
      />
      {props.message}
      <CostSlider
        id={`lead-${type}-cost`}
        name={LEAD_FORM_FIELDS.costPosition(type)}
        context={copy.title}
        position={costPosition}
        onChange={props.onCostChange}
      />
    </Option>
  );
}

interface ChallengeDescriptionProps {
  id: string;
  name: string;
  value: string;
  examplePhrases: readonly string[];
  typePlaceholder: boolean;
  onFocus: () => void;
  onDescribe: (text: string) => void;
  invalid: ChallengeOptionProps['invalid'];
}

/**
 * The free-text challenge input. It owns the typing placeholder, which changes the field's placeholder
 * without rendering it (useTypingPlaceholder).
 */
function ChallengeDescription(props: ChallengeDescriptionProps) {
  const field = useRef<HTMLTextAreaElement>(null);
  const placeholder = useTypingPlaceholder(
    field,
    props.examplePhrases,
    props.typePlaceholder,
    `e.g. ${props.examplePhrases[0]}`,
  );
  return (
    <ChallengeText
      ref={field}
      id={props.id}
      name={props.name}
      rows={3}
      autoComplete="off"
      maxLength={5000}
      value={props.value}
      placeholder={placeholder}
      onFocus={props.onFocus}
      onChange={(event) => props.onDescribe(event.target.value)}
      {...props.invalid}
    />
  );
}

const Option = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
  min-width: 0;
  padding: ${theme.space(4)};
  border-radius: ${theme.radius.large};
  border: 2px solid ${theme.color.border};
  background: ${theme.color.surfaceRaised};
  transition: border-color 0.2s ease;
  &:has(input[type='radio']:checked) {
    border-color: ${theme.color.accent};
    box-shadow: 0 0 0 1px ${theme.color.accentMuted};
  }
`;

const Toggle = styled.label`
  display: flex;
  align-items: flex-start;
  gap: ${theme.space(3)};
  min-height: 44px;
  cursor: pointer;
`;

/** The radio drawn as the toggle's indicator: a ring, filled when chosen. */
const Radio = styled.input`
  flex: none;
  appearance: none;
  width: 20px;
  height: 20px;
  margin: 2px 0 0;
  border-radius: 50%;
  border: 2px solid ${theme.color.textMuted};
  background: transparent;
  cursor: pointer;
  &:checked {
    border-color: ${theme.color.accent};
    background: radial-gradient(${theme.color.accent} 45%, transparent 50%);
  }
`;

const ToggleTitle = styled.span`
  display: block;
  font-family: ${theme.font.mono};
  font-weight: 700;
  font-size: 1.05rem;
`;

const ToggleSummary = styled.span`
  display: block;
  font-size: 0.9rem;
  color: ${theme.color.textMuted};
`;

const InputLabel = styled.label`
  font-size: 0.9rem;
  font-weight: 600;
`;

const fieldStyle = css`
  width: 100%;
  min-height: 44px;
  padding: 0.6rem 0.8rem;
  border-radius: ${theme.radius.medium};
  border: 1px solid ${theme.color.border};
  background: ${theme.color.background};
  &::placeholder {
    color: ${theme.color.textMuted};
    opacity: 1;
  }
  &[aria-invalid='true'] {
    border-color: ${theme.color.danger};
  }
  &:focus-visible {
    border-color: ${theme.color.focus};
  }
`;

export const TextInput = styled.input`
  ${fieldStyle}
`;

const ChallengeText = styled.textarea`
  ${fieldStyle}
  resize: vertical;
  line-height: 1.4;
`;
