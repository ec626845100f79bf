import styled from 'styled-components';
import { Button, useLocation, theme } from '@side-quest/design';
import type { ReleaseOverride } from '@side-quest/data';

const Banner = styled.aside`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  justify-content: center;
  gap: ${theme.space(2)} ${theme.space(4)};
  padding: ${theme.space(2)} ${theme.space(4)};
  background: ${theme.color.focus};
  color: ${theme.color.accentText};
  font-size: 0.9rem;
  p {
    margin: 0;
  }
  code {
    font-family: ${theme.font.mono};
  }
`;

const ResetButton = styled(Button)`
  min-height: 36px;
  padding: 0.3rem 0.9rem;
  background: ${theme.color.accentText};
  color: ${theme.color.focus};
  border-color: ${theme.color.accentText};
  /* The site's focus ring is this banner's background colour. */
  &:focus-visible {
    outline-color: ${theme.color.accentText};
  }
`;

/**
 * Shown on every page while this browser runs a section on a release a tester chose
 * (`?release=name@version`), so no one mistakes a candidate for the live site. Reset is a plain GET
 * form: it works before hydration, and the server drops the override and sends the browser back here.
 */
export function ReleaseBanner({ overrides }: { overrides: readonly ReleaseOverride[] }) {
  const location = useLocation();
  if (overrides.length === 0) return null;
  const kept = [...new URLSearchParams(location.search)].filter(([name]) => name !== 'release');
  return (
    <Banner aria-label="Release overrides">
      <p>
        This browser runs{' '}
        {overrides.map((override, index) => (
          <span key={override.name}>
            {index > 0 && ', '}
            <strong>{override.label}</strong> on release <code>{override.version}</code>
          </span>
        ))}
        .
      </p>
      <form method="get" action={location.pathname}>
        {kept.map(([name, value], index) => (
          <input key={`${name}-${index}`} type="hidden" name={name} value={value} />
        ))}
        <input type="hidden" name="release" value="reset" />
        <ResetButton type="submit">Reset</ResetButton>
      </form>
    </Banner>
  );
}
