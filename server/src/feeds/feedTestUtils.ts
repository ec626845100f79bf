import { XMLParser, XMLValidator } from 'fast-xml-parser';

/** For tests: an RSS document read back with a real XML parser, items and categories always lists. */
export interface ParsedRssItem {
  title: string;
  link: string;
  guid: { '#text': string; '@_isPermaLink': string };
  description: string;
  category?: string[];
  pubDate?: string;
}

export interface ParsedRss {
  rss: {
    '@_version': string;
    channel: {
      title: string;
      link: string;
      description: string;
      language: string;
      lastBuildDate?: string;
      'atom:link': { '@_href': string; '@_rel': string };
      item?: ParsedRssItem[];
    };
  };
}

/** Characters XML 1.0 cannot hold (what a serialiser must never write). */
export const ILLEGAL_XML =
  // eslint-disable-next-line no-control-regex -- control characters are exactly what it looks for
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export function parseRss(xml: string): ParsedRss {
  const valid = XMLValidator.validate(xml);
  if (valid !== true) throw new Error(`Not well-formed XML: ${JSON.stringify(valid.err)}`);
  const parser = new XMLParser({
    ignoreAttributes: false,
    parseTagValue: false,
    parseAttributeValue: false,
    trimValues: false,
    isArray: (name) => name === 'item' || name === 'category',
  });
  return parser.parse(xml) as ParsedRss;
}
