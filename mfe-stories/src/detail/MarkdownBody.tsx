import { useMemo } from 'react';
import { useLocation } from '@side-quest/design';
import { SafeMarkdown } from '@side-quest/design/markdown';
import { createStoryUrlTransform } from '@side-quest/design/markdown/rules';
import { useAbsoluteUrl } from '@side-quest/data';
import { trustedImageOrigins } from './trustedImageOrigins';
import { Prose } from './Prose';

/**
 * A story's markdown body, in the shared renderer's story mode. Loaded as its own chunk by the detail
 * page, so react-markdown and its plugins never reach /blog. Every URL passes the story URL rules.
 */
export default function MarkdownBody({ markdown, slug }: { markdown: string; slug: string }) {
  const pageUrl = useAbsoluteUrl()(useLocation().pathname);
  const urlTransform = useMemo(
    () => createStoryUrlTransform(trustedImageOrigins(pageUrl), pageUrl),
    [pageUrl],
  );
  return (
    <Prose data-testid="story-body" data-story-body={slug}>
      <SafeMarkdown markdown={markdown} mode="story" urlTransform={urlTransform} />
    </Prose>
  );
}
