import { unpackRecords } from '@side-quest/data';
import { renderDocument } from './document';
import type { RenderedPage } from './renderPage';

const template =
  '<!doctype html><html lang=en><head><meta charset=utf-8><script defer src=/main.js></script></head>' +
  '<body><div id=root></div><noscript>Side Quest needs JavaScript.</noscript></body></html>';

const runtimeConfig = {
  remotes: { stories: 'https://cdn.example/stories/v3/mf-manifest.json' },
};

function page(overrides: Partial<RenderedPage> = {}): RenderedPage {
  return {
    status: 200,
    head: '<title>Stories | Side Quest</title>',
    styles: '<style data-styled="true">.a{color:red}</style>',
    body: '<main><h1>Stories</h1></main>',
    state: { queries: { mutations: [], queries: [] }, sections: ['stories/StoriesPage'] },
    ...overrides,
  };
}

describe('renderDocument', () => {
  it('puts the head, styles, state and markup into the shell template, and drops the JavaScript notice', () => {
    const html = renderDocument(template, page(), runtimeConfig, '<link rel="preload" href="/x.js">');
    expect(html).toContain('<div id="root"><main><h1>Stories</h1></main></div>');
    expect(html).not.toContain('<noscript>');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain('<title>Stories | Side Quest</title>');
    expect(head).toContain('<link rel="preload" href="/x.js">');
    expect(head).toContain('<style data-styled="true">');
    expect(head).toContain('<script type="application/json" id="sq-runtime-config">');
    expect(head).toContain('<script type="application/json" id="sq-ssr">');
  });

  it('puts the largest paint’s image preload ahead of the shell’s scripts, other preloads where React put them', () => {
    const hero = '<link rel="preload" href="/remotes/stories/hero.svg" as="image" fetchPriority="high"/>';
    const author = '<link rel="preload" as="image" href="/remotes/stories/author.svg"/>';
    const html = renderDocument(
      template,
      page({ head: `<title>Story</title>${hero}${author}` }),
      runtimeConfig,
      '',
    );
    expect(html.split(hero)).toHaveLength(2);
    expect(html.indexOf(hero)).toBeLessThan(html.indexOf('href="/main.js"'));
    expect(html.indexOf(hero)).toBeGreaterThan(html.indexOf('<meta charset=utf-8>'));
    expect(html.indexOf(author)).toBeGreaterThan(html.indexOf('<title>Story</title>'));
  });

  it('escapes hostile data in the hydration state so it cannot close or open a script', () => {
    const hostile = '</script><script>alert(1)</script><!-- \u2028 " &';
    const html = renderDocument(
      template,
      page({
        state: {
          queries: {
            mutations: [],
            queries: [
              {
                queryKey: ['x'],
                queryHash: '["x"]',
                dehydratedAt: 0,
                state: { data: hostile } as never,
              },
            ],
          },
          sections: [],
        },
      }),
      runtimeConfig,
      '',
    );
    const state = /<script type="application\/json" id="sq-ssr">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(state).not.toMatch(/<|>|\u2028/);
    expect(JSON.parse(state).queries.queries[0].state.data).toBe(hostile);
    expect(html.match(/<script/g)).toHaveLength(3);
  });

  it('sends a list of records with each key once, and the browser reads back the same state', () => {
    const bounties = Array.from({ length: 20 }, (_, index) => ({
      id: `b${index}`,
      item_title: `Bounty ${index}`,
      summary_description: '</script> hostile',
    }));
    const state = {
      queries: {
        mutations: [],
        queries: [
          {
            queryKey: ['bounties'],
            queryHash: '["bounties"]',
            dehydratedAt: 0,
            state: { data: { bounties } } as never,
          },
        ],
      },
      sections: ['bounties/BountiesPage'],
    };
    const html = renderDocument(template, page({ state }), runtimeConfig, '');
    const json = /<script type="application\/json" id="sq-ssr">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
    expect(json.match(/item_title/g)).toHaveLength(1);
    expect(unpackRecords(JSON.parse(json))).toEqual(state);
  });

  it("points a remote's server-build asset URLs at its browser build, also when made absolute", () => {
    const html = renderDocument(
      template,
      page({
        body:
          '<img src="/__side_quest_assets__/stories/assets/a.svg">' +
          '<script type="application/ld+json">{"image":"http://localhost:3000/__side_quest_assets__/stories/assets/b.svg"}</script>',
      }),
      runtimeConfig,
      '',
    );
    expect(html).toContain('<img src="https://cdn.example/stories/v3/assets/a.svg">');
    expect(html).toContain('"image":"https://cdn.example/stories/v3/assets/b.svg"');
    expect(html).not.toContain('__side_quest_assets__');
  });
});
