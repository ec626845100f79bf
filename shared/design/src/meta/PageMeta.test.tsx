import { render } from '@testing-library/react';
import { PageMeta, metaDescription, pageTitle, serializeJsonLd } from './PageMeta';

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

describe('PageMeta', () => {
  it('puts the page title, the description and the robots rule into the document head', () => {
    const view = render(
      <PageMeta title="Compass" description={'A  long\ndescription. '.repeat(20)} noindex />,
    );
    expect(document.title).toBe('Compass | Side Quest');
    const description =
      document.head.querySelector('meta[name="description"]')?.getAttribute('content') ?? '';
    expect(description).toHaveLength(160);
    expect(description).not.toMatch(/\s{2}|\n/);
    expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex');
    view.unmount();
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });
});
