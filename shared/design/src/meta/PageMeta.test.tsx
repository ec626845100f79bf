import { metaDescription, pageTitle, serializeJsonLd } from './PageMeta';

describe('page metadata', () => {
  it('uses the default title without a page name and the product suffix with one', () => {
    expect(pageTitle()).toBe('Side Quest - Prove Your Skills with Real-World Projects');
    expect(pageTitle('About')).toBe('About | Side Quest');
  });

  it('cuts descriptions to 160 characters', () => {
    expect(metaDescription('x'.repeat(400))).toHaveLength(160);
  });

  it('serialises JSON-LD so no value can close the script element', () => {
    const json = serializeJsonLd({ name: '</script><script>alert(1)</script>', note: 'a & b' });
    expect(json).not.toContain('</script');
    expect(json).not.toContain('<');
    expect(JSON.parse(json)).toEqual({ name: '</script><script>alert(1)</script>', note: 'a & b' });
  });
});
