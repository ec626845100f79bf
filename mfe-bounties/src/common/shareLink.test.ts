import { cleanShareUrl, shareLink } from './shareLink';

const link = { title: 'Rust parser', url: 'https://sidequest.example/bounty/a' };

describe('shareLink', () => {
  it('uses the share sheet when the browser has one', async () => {
    const share = jest.fn(async () => undefined);
    const copy = jest.fn(async () => undefined);
    await expect(shareLink(link, { share, copy })).resolves.toBe('shared');
    expect(share).toHaveBeenCalledWith(link);
    expect(copy).not.toHaveBeenCalled();
  });

  it('treats a closed share sheet as the visitor’s choice, not a reason to copy', async () => {
    const share = jest.fn(async () => {
      throw new DOMException('closed', 'AbortError');
    });
    const copy = jest.fn(async () => undefined);
    await expect(shareLink(link, { share, copy })).resolves.toBe('cancelled');
    expect(copy).not.toHaveBeenCalled();
  });

  it('copies the link without a share sheet, or when the share sheet fails', async () => {
    const copy = jest.fn(async () => undefined);
    await expect(shareLink(link, { copy })).resolves.toBe('copied');
    const broken = jest.fn(async () => {
      throw new DOMException('not allowed', 'NotAllowedError');
    });
    await expect(shareLink(link, { share: broken, copy })).resolves.toBe('copied');
    expect(copy).toHaveBeenCalledWith(link.url);
  });

  it('reports a failure when nothing works', async () => {
    const copy = jest.fn(async () => {
      throw new Error('denied');
    });
    await expect(shareLink(link, { copy })).resolves.toBe('failed');
    await expect(shareLink(link, {})).resolves.toBe('failed');
  });
});

describe('cleanShareUrl', () => {
  it('drops query strings and fragments, so no tracking parameter travels with a shared link', () => {
    expect(cleanShareUrl('https://sidequest.example/bounty/a?utm_source=x&ref=y#top')).toBe(
      'https://sidequest.example/bounty/a',
    );
  });
});
