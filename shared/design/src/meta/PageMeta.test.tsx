import { render } from '@testing-library/react';
import { PublicUrlProvider } from '@side-quest/data';
import { MemoryRouter } from '../router/memoryRouter';
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

  it('escapes every unsafe character in place, and leaves a text without one as it is', () => {
    const data = { text: 'é <a> & \u2028line\u2029 end>', plain: 'nothing to escape' };
    const json = serializeJsonLd(data);
    expect(json).toBe(
      '{"text":"é \\u003ca\\u003e \\u0026 \\u2028line\\u2029 end\\u003e","plain":"nothing to escape"}',
    );
    expect(JSON.parse(json)).toEqual(data);
    expect(serializeJsonLd({ plain: 'as is' })).toBe('{"plain":"as is"}');
    // Twice in a row (the pattern's position is reset).
    expect(serializeJsonLd(['<'])).toBe('["\\u003c"]');
    expect(serializeJsonLd(['<'])).toBe('["\\u003c"]');
  });
});

describe('PageMeta', () => {
  it('puts the page title, the description and the robots rule into the document head', () => {
    const view = render(
      <MemoryRouter>
        <PageMeta title="Compass" description={'A  long\ndescription. '.repeat(20)} noindex />
      </MemoryRouter>,
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

  it('gives the canonical URL and link-preview tags on the public origin, without the query', () => {
    const view = render(
      <MemoryRouter initialEntries={['/bounty/a%20b?utm=x']}>
        <PublicUrlProvider publicUrl="https://sidequest.example">
          <PageMeta title="A bounty" description="Ship it." image="/og/bounty/a.png" />
        </PublicUrlProvider>
      </MemoryRouter>,
    );
    const content = (selector: string) =>
      document.head.querySelector(selector)?.getAttribute('content') ?? null;
    expect(document.head.querySelector('link[rel="canonical"]')?.getAttribute('href')).toBe(
      'https://sidequest.example/bounty/a%20b',
    );
    expect(content('meta[property="og:url"]')).toBe('https://sidequest.example/bounty/a%20b');
    expect(content('meta[property="og:title"]')).toBe('A bounty | Side Quest');
    expect(content('meta[property="og:description"]')).toBe('Ship it.');
    expect(content('meta[property="og:type"]')).toBe('website');
    expect(content('meta[property="og:image"]')).toBe('https://sidequest.example/og/bounty/a.png');
    expect(content('meta[name="twitter:card"]')).toBe('summary_large_image');
    view.unmount();
  });
});
