import type { Endpoint } from '../endpoint.ts';

/** Announcements, the notice modal and the home page's boards (issue 9). */
export const announcementEndpoints = {} satisfies Record<string, Endpoint>;
