import { useQuery } from '@side-quest/data/query';
import { getQueryFn } from '../http/queryFn';

/** Who is signed in, as every app may know it: no token, no id, nothing secret (ARCHITECTURE, round 3). */
export interface Viewer {
  /** The display name; empty until the person sets one on the account page. */
  name: string;
  email: string;
  handle: string | null;
  role: 'talent' | 'staff';
}

/**
 * Query key of the signed-in person: the server sets it while rendering a page (null when signed out),
 * so the header's first render in the browser matches the server's HTML; without server rendering the
 * browser asks GET /api/viewer (401 when signed out).
 */
export const VIEWER_KEY = ['/api/viewer'] as const;

const fetchViewer = getQueryFn<Viewer>({ on401: 'returnNull' });

/** The signed-in person, or null; undefined while it is not known yet (a browser-rendered page). */
export function useViewer(): Viewer | null | undefined {
  return useQuery({ queryKey: VIEWER_KEY, queryFn: fetchViewer, staleTime: Infinity }).data;
}

/** The name the header shows: the display name, else the part of the address before the @. */
export function viewerLabel(viewer: Viewer): string {
  return viewer.name.trim() || viewer.email.split('@')[0] || 'Account';
}
