// A refused upload form's message and problems, for the pages with such forms (a scored bounty's entries
// and its scoring setup): imported only by those pages, so no other route carries it.
export { FormProblems } from './FormProblems';
