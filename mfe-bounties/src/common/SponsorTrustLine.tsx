import styled from 'styled-components';
import { Link, theme } from '@side-quest/design';
import type { PublicSponsor } from '@side-quest/data/lifecycle';
import { sponsorPath, trustLineText, trustWarningText } from '@side-quest/data/trust';

const Line = styled.p<{ $warning: boolean }>`
  margin: 0 0 ${theme.space(2)};
  font-size: 0.9rem;
  color: ${({ theme, $warning }) => ($warning ? theme.color.danger : theme.color.textMuted)};
  font-weight: ${({ $warning }) => ($warning ? 700 : 400)};
  a {
    color: inherit;
  }
`;

/**
 * One line of a hosted bounty's sponsor's record where talent decides (card and detail page): e.g.
 * "Verified · 14 of 14 winners paid · pays in 6 days (median)", or the sponsor's overdue warning in the
 * danger colour. It links to the sponsor's page, where every figure is explained.
 */
export function SponsorTrustLine({ sponsor }: { sponsor: PublicSponsor }) {
  if (!sponsor.record) return null;
  const warning = trustWarningText(sponsor.record);
  const verified = sponsor.verifiedAt !== null;
  const text = warning
    ? `${verified ? 'Verified · ' : ''}${warning}`
    : trustLineText(sponsor.record, verified);
  return (
    <Line $warning={warning !== null} data-testid="sponsor-trust-line">
      {/* The name says whose record it is; it starts with the visible words (WCAG's label in name). */}
      <Link to={sponsorPath(sponsor.slug)} aria-label={`${text}: ${sponsor.name}’s record`}>
        {text}
      </Link>
    </Line>
  );
}
