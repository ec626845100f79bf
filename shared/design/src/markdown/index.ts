export { SafeMarkdown, USER_MARKDOWN_MAX, capUserMarkdown, type MarkdownMode } from './SafeMarkdown';
export { createStoryUrlTransform, isInternalPath, isSafeImageUrl, isSafeLinkUrl } from './markdownSafety';
export { shiftHeadingLevel, type HeadingLevel } from './headingLevels';
export { UserContent } from './UserContent';
