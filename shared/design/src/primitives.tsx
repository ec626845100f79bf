import styled, { css, keyframes } from 'styled-components';
import { Link } from './router';
import { media, theme } from './theme';

const buttonBase = css<{ $variant?: 'primary' | 'secondary' | 'ghost' }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: 0.5rem;
  min-height: 44px;
  padding: 0.6rem 1.1rem;
  border-radius: ${theme.radius.medium};
  font-family: ${theme.font.mono};
  font-weight: 700;
  letter-spacing: 0.03em;
  text-decoration: none;
  cursor: pointer;
  border: 2px solid ${theme.color.accent};
  ${({ theme, $variant = 'primary' }) =>
    $variant === 'primary'
      ? css`
          background: ${theme.color.accent};
          color: ${theme.color.accentText};
        `
      : $variant === 'secondary'
        ? css`
            background: transparent;
            color: ${theme.color.accent};
          `
        : css`
            background: transparent;
            color: ${theme.color.text};
            border-color: ${theme.color.border};
          `}
  &:disabled {
    opacity: 0.55;
    cursor: not-allowed;
  }
`;

/** The one button style of the site; `$variant` picks primary, secondary or ghost. */
export const Button = styled.button.attrs<{ type?: string }>((props) => ({ type: props.type ?? 'button' }))<{
  $variant?: 'primary' | 'secondary' | 'ghost';
}>`
  ${buttonBase}
`;

/** A router link that looks like a button. */
export const ButtonLink = styled(Link)<{ $variant?: 'primary' | 'secondary' | 'ghost' }>`
  ${buttonBase}
`;

export const PageContainer = styled.div`
  width: 100%;
  max-width: ${theme.layout.maxWidth};
  margin: 0 auto;
  padding: ${theme.space(8)} ${theme.space(4)};
  ${media.medium} {
    padding: ${theme.space(12)} ${theme.space(6)};
  }
`;

export const PageHeading = styled.h1`
  font-size: clamp(1.6rem, 4vw, 2.6rem);
  &:focus {
    outline: none;
  }
`;

export const Card = styled.article`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.large};
  padding: ${theme.space(5)};
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2)};
  min-width: 0;
`;

export const Tag = styled.span`
  display: inline-block;
  padding: 0.15rem 0.55rem;
  border-radius: 999px;
  background: ${theme.color.accentMuted};
  color: ${theme.color.text};
  font-size: 0.8rem;
  font-family: ${theme.font.mono};
  max-width: 100%;
  overflow: hidden;
  text-overflow: ellipsis;
  white-space: nowrap;
`;

const shimmer = keyframes`
  from { opacity: 0.55; }
  to { opacity: 1; }
`;

/** Grey placeholder bar shown while something loads. */
export const Skeleton = styled.div<{ $height?: string; $width?: string }>`
  height: ${({ $height = '1rem' }) => $height};
  width: ${({ $width = '100%' }) => $width};
  border-radius: ${theme.radius.small};
  background: ${theme.color.skeleton};
  animation: ${shimmer} 0.9s ease-in-out infinite alternate;
`;

export const ErrorText = styled.p`
  color: ${theme.color.danger};
  margin: 0.25rem 0 0;
  font-size: 0.9rem;
`;

export const MutedText = styled.p`
  color: ${theme.color.textMuted};
`;

/** A form laid out as one column of fields. */
export const StackedForm = styled.form`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(4)};
`;

/** One labelled field: its label over its input, textarea or select, and a message below when wrong. */
export const FormField = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(1)};
  label {
    font-family: ${theme.font.mono};
    font-size: 0.85rem;
    font-weight: 700;
    letter-spacing: 0.04em;
    text-transform: uppercase;
  }
  input,
  textarea,
  select {
    width: 100%;
    min-height: 44px;
    padding: 0.6rem 0.75rem;
    border-radius: ${theme.radius.medium};
    border: 1px solid ${theme.color.border};
    background: ${theme.color.background};
    color: ${theme.color.text};
  }
  textarea {
    min-height: 7.5rem;
    resize: vertical;
  }
  [aria-invalid='true'] {
    border-color: ${theme.color.danger};
  }
`;

/**
 * A fieldset of checkboxes, radio buttons or related fields under one legend: one choice per line, each
 * a touch-sized target.
 */
export const ChoiceGroup = styled.fieldset`
  margin: 0;
  padding: ${theme.space(3)} ${theme.space(4)};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.medium};
  display: flex;
  flex-direction: column;
  gap: ${theme.space(2)};
  legend {
    padding: 0 ${theme.space(1)};
    font-family: ${theme.font.mono};
    font-size: 0.85rem;
    font-weight: 700;
    letter-spacing: 0.04em;
    text-transform: uppercase;
  }
  > label {
    display: flex;
    align-items: center;
    gap: ${theme.space(2)};
    min-height: 44px;
  }
  > label > input {
    width: 1.25rem;
    height: 1.25rem;
    accent-color: ${theme.color.accent};
  }
`;

/** A bordered surface holding one part of a page (a form, a list). */
export const Panel = styled.section`
  background: ${theme.color.surface};
  border: 1px solid ${theme.color.border};
  border-radius: ${theme.radius.large};
  padding: ${theme.space(6)};
  scroll-margin-top: 5rem;
  h2 {
    font-size: 1.3rem;
    margin-bottom: ${theme.space(4)};
  }
  h3 {
    font-size: 1.05rem;
    margin: ${theme.space(6)} 0 ${theme.space(3)};
  }
  h3:first-of-type {
    margin-top: 0;
  }
`;

/** What the last action did, said once at the top of a page (give it role="status"). */
export const Notice = styled.p`
  padding: ${theme.space(3)} ${theme.space(4)};
  border: 1px solid ${theme.color.accent};
  border-radius: ${theme.radius.medium};
  background: ${theme.color.accentMuted};
`;

/** A page's column of panels, one under another, at a readable width. */
export const PanelColumn = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${theme.space(8)};
  max-width: 52rem;
`;

/** A list of bordered rows, each an item with its actions (members, sessions, passkeys). */
export const RowList = styled.ul`
  list-style: none;
  margin: 0 0 ${theme.space(4)};
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: ${theme.space(3)};
  > li {
    display: flex;
    flex-wrap: wrap;
    align-items: center;
    justify-content: space-between;
    gap: ${theme.space(3)};
    padding: ${theme.space(3)};
    border: 1px solid ${theme.color.border};
    border-radius: ${theme.radius.medium};
  }
  p {
    margin: 0;
  }
  form {
    display: inline;
  }
`;
