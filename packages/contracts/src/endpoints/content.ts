import type { Endpoint } from '../endpoint.ts';

/** Feedback, the blog, join us and the beginner guide (issue 9). */
export const contentEndpoints = {} satisfies Record<string, Endpoint>;
