import {
  bountyPreviewImage,
  bountyPreviewVersion,
  cardPreviewVersion,
  previewImageVersion,
  storyPreviewImage,
} from './previewImage';

describe('preview image URLs', () => {
  const bounty = { id: 'a b/c', item_title: 'Weld', reward_amount: 5000, skill_tags: ['Vision', 'PyTorch'] };

  it('versions a URL by what its image shows: same content, same URL; any change, a new one', () => {
    expect(previewImageVersion(['a', 'b'])).toMatch(/^[0-9a-f]{8}$/);
    expect(bountyPreviewVersion(bounty)).toBe(bountyPreviewVersion({ ...bounty }));
    for (const changed of [
      { ...bounty, item_title: 'Weld!' },
      { ...bounty, reward_amount: 5001 },
      { ...bounty, skill_tags: ['Vision'] },
    ]) {
      expect(bountyPreviewVersion(changed)).not.toBe(bountyPreviewVersion(bounty));
    }
    const card = { title: 'T', subtitle: 'A', tags: ['x'] };
    expect(cardPreviewVersion({ ...card, subtitle: 'B' })).not.toBe(cardPreviewVersion(card));
  });

  it('encodes the id or slug as one path segment', () => {
    expect(bountyPreviewImage(bounty)).toBe(`/og/bounty/a%20b%2Fc.png?v=${bountyPreviewVersion(bounty)}`);
    const card = { title: 'T', subtitle: '', tags: [] };
    expect(storyPreviewImage('my story', card)).toBe(
      `/og/story/my%20story.png?v=${cardPreviewVersion(card)}`,
    );
  });
});
