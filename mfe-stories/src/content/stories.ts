import maraAvatar from '../assets/author-mara-okafor.webp';
import priyaAvatar from '../assets/author-priya-raman.webp';
import teamAvatar from '../assets/author-side-quest-team.webp';
import deepseekThumbnail from '../assets/deepseek-thumbnail.webp';
import deepseekHero from '../assets/deepseek-hero.webp';
import deepseekWorkflow from '../assets/deepseek-workflow.webp';
import nestedThumbnail from '../assets/nested-skills-thumbnail.webp';
import nestedHero from '../assets/nested-skills-hero.webp';
import nestedLayers from '../assets/nested-skills-layers.webp';
import guideThumbnail from '../assets/guide-thumbnail.webp';
import guideHero from '../assets/guide-hero.webp';
import guideSteps from '../assets/guide-steps.webp';
import { deepseekAiSidequestBody } from './bodies/deepseekAiSidequest';
import { nestedSkillsResearchBody } from './bodies/nestedSkillsResearch';
import { howToSidequestGuideBody } from './bodies/howToSidequestGuide';
import type { Story } from './story';

/**
 * The built-in stories (mfe-stories/README.md, "Story data"). Loaded on demand through storySource, so
 * the list and detail pages share one chunk and the pages' own code stays small. Every image is a local
 * file emitted by webpack.
 */
export const STORIES: readonly Story[] = [
  {
    id: 'story-001',
    slug: 'deepseek-ai-sidequest',
    title: 'From Late-Night Experiments to a Paid AI Bounty with Open DeepSeek Models',
    author: 'Mara Okafor',
    authorImageUrl: maraAvatar,
    thumbnailUrl: deepseekThumbnail,
    imageUrls: [deepseekHero, deepseekWorkflow],
    excerpt:
      'A backend developer turned her evenings with open-weight reasoning models into a self-hosted ticket classifier for a logistics company, and a decision log that did the interviewing for her.',
    provenSkills: 'Python, LLM Inference, vLLM, Evaluation Design',
    publishedDate: '2025-03-14',
    content: deepseekAiSidequestBody,
  },
  {
    id: 'story-002',
    slug: 'nested-skills-research',
    title: 'Nested Skills: What One Solved Bounty Really Proves',
    author: 'Priya Raman',
    authorImageUrl: priyaAvatar,
    thumbnailUrl: nestedThumbnail,
    imageUrls: [nestedHero, nestedLayers],
    excerpt:
      'Skill tags describe the tool. A solved bounty also shows craft and judgement, the layers that flat CVs hide. A learning researcher explains how to read, and grow, all three.',
    provenSkills: 'Research Design, Technical Writing, Qualitative Analysis',
    publishedDate: '2025-06-02',
    content: nestedSkillsResearchBody,
  },
  {
    id: 'story-003',
    slug: 'how-to-sidequest-guide',
    title: 'How to Side Quest: A Field Guide to Your First Bounty',
    author: 'Side Quest Team',
    authorImageUrl: teamAvatar,
    thumbnailUrl: guideThumbnail,
    imageUrls: [guideHero, guideSteps],
    excerpt:
      'Pick, scope, build, prove, follow up: a practical walkthrough of a first bounty, from reading the marketplace to the conversation a good submission can start.',
    provenSkills: 'Problem Scoping, Git, Technical Communication',
    publishedDate: '2025-01-20',
    content: howToSidequestGuideBody,
  },
];
