/** A success story (mfe-stories/README.md, "Story data"): a built-in entry with a markdown body. */
export interface Story {
  id: string;
  slug: string;
  title: string;
  author: string;
  authorImageUrl?: string;
  thumbnailUrl?: string;
  imageUrls: string[];
  excerpt: string;
  /** Comma-separated skill names, shown after 'Proved competence in'. */
  provenSkills: string;
  /** ISO 8601 date. */
  publishedDate: string;
  /** Markdown. */
  content: string;
}
