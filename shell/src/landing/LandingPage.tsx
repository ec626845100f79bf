import { PageContainer, PageHeading, PageMeta } from '@side-quest/design';
import { RemoteSection } from '../federation/RemoteSection';

export function LandingPage() {
  return (
    <PageContainer>
      <PageMeta description="Prove competence by solving paid, real-world challenges posted by companies." />
      <PageHeading>PROVE YOUR SKILLS</PageHeading>
      <section aria-labelledby="featured-heading">
        <h2 id="featured-heading">FEATURED BOUNTIES</h2>
        <RemoteSection
          remote="bounties"
          module="./FeaturedBounties"
          placeholder={<p>Loading bounties...</p>}
        />
      </section>
    </PageContainer>
  );
}
