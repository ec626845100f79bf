import { mountStandalone } from '@side-quest/build/standalone';
import AllStoriesPage from '../all/AllStoriesPage';
import StoriesPage from '../list/StoriesPage';
import StoryDetailPage from '../detail/StoryDetailPage';

void mountStandalone({
  section: 'stories',
  links: [
    { label: 'Stories', to: '/blog' },
    { label: 'All stories', to: '/blog/all' },
  ],
  routes: [
    { path: '/blog', element: <StoriesPage /> },
    { path: '/blog/all', element: <AllStoriesPage /> },
    { path: '/blog/:slug', element: <StoryDetailPage /> },
  ],
});
