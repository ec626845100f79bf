// The markdown URL and heading rules without the renderer, for code that runs on every page load.
export { createStoryUrlTransform, isInternalPath, isSafeImageUrl, isSafeLinkUrl } from './markdownSafety';
export { shiftHeadingLevel, type HeadingLevel } from './headingLevels';
