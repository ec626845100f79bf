import { Route, Routes } from '@side-quest/design';
import { SITE_ROUTES } from '@side-quest/data';
import { Layout } from './layout/Layout';
import { LandingPage } from './landing/LandingPage';
import { AboutPage } from './about/AboutPage';
import { NotFoundPage } from './not-found/NotFoundPage';
import { RemoteSection } from './federation/RemoteSection';
import { DialogsProvider } from './dialogs/DialogsProvider';

export function App() {
  return (
    <DialogsProvider>
      <Layout>
        <Routes>
          <Route path={SITE_ROUTES.landing} element={<LandingPage />} />
          <Route
            path={SITE_ROUTES.bounties}
            element={<RemoteSection remote="bounties" module="./BountiesPage" />}
          />
          <Route
            path={SITE_ROUTES.bountyDetail}
            element={<RemoteSection remote="bounties" module="./BountyDetailPage" />}
          />
          <Route
            path={SITE_ROUTES.compass}
            element={<RemoteSection remote="compass" module="./CompassPage" />}
          />
          <Route
            path={SITE_ROUTES.stories}
            element={<RemoteSection remote="stories" module="./StoriesPage" />}
          />
          <Route
            path={SITE_ROUTES.allStories}
            element={<RemoteSection remote="stories" module="./AllStoriesPage" />}
          />
          <Route
            path={SITE_ROUTES.storyDetail}
            element={<RemoteSection remote="stories" module="./StoryDetailPage" />}
          />
          <Route path={SITE_ROUTES.about} element={<AboutPage />} />
          <Route
            path={SITE_ROUTES.forClients}
            element={<RemoteSection remote="clients" module="./ForClientsPage" />}
          />
          <Route path="*" element={<NotFoundPage />} />
        </Routes>
      </Layout>
    </DialogsProvider>
  );
}
