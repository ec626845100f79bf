import { shouldShowViewAllLink, storiesForListPage, STORIES_ON_LIST_PAGE } from './storyListRules';
import { storyFixture } from '../testing/storyFixture';

describe("'View All Stories' link", () => {
  it('appears only when there are more than 3 stories', () => {
    expect(shouldShowViewAllLink(0)).toBe(false);
    expect(shouldShowViewAllLink(3)).toBe(false);
    expect(shouldShowViewAllLink(4)).toBe(true);
    expect(shouldShowViewAllLink(40)).toBe(true);
  });
});

describe('storiesForListPage', () => {
  it('keeps the first 3 (newest) stories', () => {
    const stories = ['a', 'b', 'c', 'd', 'e'].map((id) => storyFixture({ id }));
    expect(STORIES_ON_LIST_PAGE).toBe(3);
    expect(storiesForListPage(stories).map((story) => story.id)).toEqual(['a', 'b', 'c']);
    expect(storiesForListPage(stories.slice(0, 2))).toHaveLength(2);
  });
});
