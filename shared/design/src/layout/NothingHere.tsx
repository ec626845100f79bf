import type { ReactNode } from 'react';
import { PageMeta } from '../meta/PageMeta';
import { PageContainer, PageHeading } from '../primitives';

/**
 * What a personal page shows for an object the person has no part in, or that does not exist (the
 * server answers 404 with it): the same words either way, so nothing tells what exists.
 */
export function NothingHere({
  heading,
  description,
  children,
}: {
  heading: string;
  description: string;
  children: ReactNode;
}) {
  return (
    <PageContainer>
      <PageMeta title="Page Not Found" description={description} noindex />
      <PageHeading>{heading}</PageHeading>
      <p>{children}</p>
    </PageContainer>
  );
}
