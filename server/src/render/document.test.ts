import { createHash } from 'node:crypto';
import { createQueryClient, unpackRecords } from '@side-quest/data';
import { LOCAL_TIMES_SCRIPT } from '@side-quest/data/local-times-script';
import { dehydratePage } from '@side-quest/data/query';
import { REMOTE_NAMES, serverAssetBase } from '@side-quest/data/remotes';
import { LOCAL_TIMES_SCRIPT_HASH, MARKUP_END_ELEMENT_ID, renderDocument, resolveAssetUrls } from './document';
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
    complete: true,
    sharedCopies: { '@side-quest/design': 1 },
    state: { queries: { queries: [], mutations: [] }, sections: ['stories/StoriesPage'] },
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

  it('holds the first frame until the page’s markup is parsed, so a partly parsed page is never painted', () => {
    const html = renderDocument(template, page(), runtimeConfig, '');
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).toContain(`<link rel="expect" href="#${MARKUP_END_ELEMENT_ID}" blocking="render">`);
    expect(html).toContain(
      `<div id="root"><main><h1>Stories</h1></main></div><template id="${MARKUP_END_ELEMENT_ID}"></template>`,
    );
  });

  it('writes a page’s times in the reader’s zone before the first frame: its script between the markup and the frame’s mark', () => {
    const time =
      '<time dateTime="2026-11-29T23:08:00.000Z" data-local-time=""><span>29 Nov 2026,</span> <span>23:08</span> <span>UTC</span></time>';
    const html = renderDocument(template, page({ body: `<p>Closes ${time}</p>` }), runtimeConfig, '');
    expect(html).toContain(
      `<div id="root"><p>Closes ${time}</p></div><script>${LOCAL_TIMES_SCRIPT}</script>` +
        `<template id="${MARKUP_END_ELEMENT_ID}"></template>`,
    );
    // The very text the Content-Security-Policy allows by its hash.
    const inline = [...html.matchAll(/<script>([\s\S]*?)<\/script>/g)].map((match) => match[1]);
    expect(inline).toContain(LOCAL_TIMES_SCRIPT);
    const hash = createHash('sha256').update(LOCAL_TIMES_SCRIPT).digest('base64');
    expect(LOCAL_TIMES_SCRIPT_HASH).toBe(`'sha256-${hash}'`);
    // A page without a time goes without it.
    expect(renderDocument(template, page(), runtimeConfig, '')).not.toContain(LOCAL_TIMES_SCRIPT);
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
    const client = createQueryClient();
    client.setQueryData(['x'], hostile);
    const pageState = dehydratePage(client);
    const html = renderDocument(
      template,
      page({
        state: {
          queries: pageState,
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

  it("drops the shell's JavaScript notice, not a page's own <noscript>", () => {
    const body = '<main><noscript><img src="/pixel.gif" alt=""></noscript></main>';
    const html = renderDocument(template, page({ body }), runtimeConfig, '');
    expect(html).toContain(`<div id="root">${body}</div>`);
    expect(html).not.toContain('Side Quest needs JavaScript.');
  });

  it("keeps a page's text as it is, even where it reads like a replacement pattern ($&, $', $$)", () => {
    const body = "<p>Prize: US$$500, $& and $' and $`</p>";
    const html = renderDocument(
      template,
      page({ body, head: "<title>$' | Side Quest</title>" }),
      runtimeConfig,
      '',
    );
    expect(html).toContain(`<div id="root">${body}</div>`);
    expect(html).toContain("<title>$' | Side Quest</title>");
    expect(html.match(/<\/html>/g)).toHaveLength(1);
  });
});

describe('resolveAssetUrls', () => {
  const remotes = {
    stories: 'https://cdn.example/stories/v3/mf-manifest.json',
    bounties: 'http://127.0.0.1:3000/remotes/bounties/mf-manifest.json',
  };

  /** The previous implementation (one regular expression per remote), as the reference. */
  function reference(text: string, given: Record<string, string>): string {
    let result = text;
    for (const name of REMOTE_NAMES) {
      const manifest = given[name];
      if (!manifest) continue;
      const placeholder = serverAssetBase(name).replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
      const pattern = new RegExp(`(?:https?:\\/\\/[^/"'\\s]+)?${placeholder}`, 'g');
      result = result.replace(pattern, new URL('.', manifest).href);
    }
    return result;
  }

  it('replaces each placeholder and the origin made absolute before it, and nothing else', () => {
    const text =
      '/__side_quest_assets__/stories/a.svg "https://site.test/__side_quest_assets__/bounties/b.png" ' +
      "'http://x/__side_quest_assets__/stories/c.svg' //cdn/__side_quest_assets__/stories/d.svg " +
      '/__side_quest_assets__/compass/e.svg /__side_quest_assets__/nobody/f.svg ' +
      'x/__side_quest_assets__/stories//__side_quest_assets__/stories/g.svg /__side_quest_assets__';
    expect(resolveAssetUrls(text, remotes)).toBe(
      'https://cdn.example/stories/v3/a.svg "http://127.0.0.1:3000/remotes/bounties/b.png" ' +
        "'https://cdn.example/stories/v3/c.svg' //cdnhttps://cdn.example/stories/v3/d.svg " +
        '/__side_quest_assets__/compass/e.svg /__side_quest_assets__/nobody/f.svg ' +
        'xhttps://cdn.example/stories/v3/https://cdn.example/stories/v3/g.svg /__side_quest_assets__',
    );
    expect(resolveAssetUrls('no placeholder here', remotes)).toBe('no placeholder here');
  });

  it('gives what the one-pattern-per-remote version gave on mixed text', () => {
    const pieces = [
      '/__side_quest_assets__/stories/',
      '/__side_quest_assets__/bounties/',
      '/__side_quest_assets__/compass/',
      'https://',
      'http://',
      'host.test',
      '"',
      "'",
      ' ',
      '/',
      'a.svg',
      '$&',
    ];
    let seed = 7;
    const random = () => (seed = (seed * 48271) % 2147483647) / 2147483647;
    for (let run = 0; run < 500; run++) {
      let text = '';
      for (let i = 0; i < 12; i++) text += pieces[Math.floor(random() * pieces.length)];
      expect(resolveAssetUrls(text, remotes)).toBe(reference(text, remotes));
    }
  });
});
