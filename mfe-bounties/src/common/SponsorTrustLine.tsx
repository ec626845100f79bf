import styled from 'styled-components';
import { Link } from '@side-quest/design';
import type { PublicSponsor } from '@side-quest/data/lifecycle';
import { sponsorPath, trustLineText, trustWarningText } from '@side-quest/data/trust';

const Line = styled.p<{ $warning: boolean }>`
  margin: 0 0 ${({ theme }) => theme.space(2)};
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
  const line = trustLineText(sponsor.record, sponsor.verifiedAt !== null);
  return (
    <Line $warning={warning !== null} data-testid="sponsor-trust-line">
      <Link to={sponsorPath(sponsor.slug)}>
        <span className="visually-hidden">{sponsor.name}’s record: </span>
        {warning ? `${sponsor.verifiedAt ? 'Verified · ' : ''}${warning}` : line}
      </Link>
    </Line>
  );
}
