import { Tag } from '@side-quest/design';
import { formatUtcDate } from '@side-quest/data';

/** "Verified" with the date staff verified the organisation, or "Unverified". */
export function VerifiedTag({ verifiedAt }: { verifiedAt: string | null }) {
  return verifiedAt ? (
    <Tag>Verified {formatUtcDate(Date.parse(verifiedAt), 'short')}</Tag>
  ) : (
    <Tag>Unverified</Tag>
  );
}
