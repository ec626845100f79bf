import styled from 'styled-components';
import {
  COST_MAX,
  COST_MIN,
  COST_SLIDER_MAX_POSITION,
  formatCost,
  positionToCost,
} from '@side-quest/data/forms';
import { theme } from '@side-quest/design';

interface CostSliderProps {
  id: string;
  /** The form field that posts the position when the browser sends the form itself. */
  name?: string;
  /** Said after the visible label, so each slider has its own accessible name. */
  context: string;
  position: number;
  onChange: (position: number) => void;
}

/** The estimated annual cost slider: 101 positions on a log scale, value shown as formatted. */
export function CostSlider({ id, name, context, position, onChange }: CostSliderProps) {
  const formatted = formatCost(positionToCost(position));
  return (
    <Field>
      <Label htmlFor={id}>
        <span>
          Estimated annual cost<span className="visually-hidden"> ({context})</span>
        </span>
        <Value aria-hidden="true">{formatted}</Value>
      </Label>
      <Range
        id={id}
        name={name}
        type="range"
        min={0}
        max={COST_SLIDER_MAX_POSITION}
        step={1}
        value={position}
        aria-valuetext={formatted}
        onChange={(event) => onChange(Number(event.target.value))}
      />
      <Scale aria-hidden="true">
        <span>{formatCost(COST_MIN)}</span>
        <span>{formatCost(COST_MAX)}</span>
      </Scale>
    </Field>
  );
}

const Field = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(1)};
`;

const Label = styled.label`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  gap: ${theme.space(2)};
  font-size: 0.9rem;
  color: ${theme.color.textMuted};
`;

const Value = styled.span`
  font-family: ${theme.font.mono};
  font-size: 1.15rem;
  font-weight: 700;
  color: ${theme.color.accent};
`;

const Range = styled.input`
  width: 100%;
  min-height: 44px;
  margin: 0;
  accent-color: ${theme.color.accent};
  cursor: pointer;
  background: transparent;
`;

const Scale = styled.div`
  display: flex;
  justify-content: space-between;
  font-family: ${theme.font.mono};
  font-size: 0.75rem;
  color: ${theme.color.textMuted};
`;
