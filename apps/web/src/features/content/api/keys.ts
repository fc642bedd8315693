import type { LanguageCode } from '@app/contracts';

/** Every content query key starts with 'content'. */
export const contentKeys = {
  feedbackSetting: ['content', 'feedback', 'setting'] as const,
  myFeedback: (page: number) => ['content', 'feedback', 'mine', page] as const,
  myFeedbackAll: ['content', 'feedback', 'mine'] as const,
  blogList: (language: LanguageCode, page: number) => ['content', 'blog', language, page] as const,
  blogPost: (language: LanguageCode, slug: string) => ['content', 'blog', language, 'post', slug] as const,
  join: (signedIn: boolean) => ['content', 'join', signedIn] as const,
  joinAll: ['content', 'join'] as const,
};
