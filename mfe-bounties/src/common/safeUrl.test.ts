import { safeExternalUrl, safeImageSrc } from './safeUrl';

describe('URL safety', () => {
  it('accepts only absolute http(s) URLs for external links', () => {
    expect(safeExternalUrl('https://example.com/apply?x=1')).toBe('https://example.com/apply?x=1');
    expect(safeExternalUrl(' http://example.com ')).toBe('http://example.com/');
    expect(safeExternalUrl('javascript:alert(1)')).toBeNull();
    expect(safeExternalUrl('JaVaScRiPt:alert(1)')).toBeNull();
    expect(safeExternalUrl('data:text/html,<script>')).toBeNull();
    expect(safeExternalUrl('/relative')).toBeNull();
    expect(safeExternalUrl('')).toBeNull();
  });

  it('accepts http(s) and same-origin paths for images, nothing else', () => {
    const origin = 'https://sidequest.example';
    expect(safeImageSrc('https://cdn.example/a.png', origin)).toBe('https://cdn.example/a.png');
    expect(safeImageSrc('/images/a.png?v=2', origin)).toBe('/images/a.png?v=2');
    expect(safeImageSrc('//evil.example/a.png', origin)).toBeNull();
    expect(safeImageSrc('/\\evil.example/a.png', origin)).toBeNull();
    expect(safeImageSrc('javascript:alert(1)', origin)).toBeNull();
    expect(safeImageSrc('data:image/svg+xml,<svg/>', origin)).toBeNull();
    expect(safeImageSrc('images/a.png', origin)).toBeNull();
  });
});
