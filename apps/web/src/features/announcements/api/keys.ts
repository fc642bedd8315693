import type { AnnouncementGroup, LanguageCode } from '@app/contracts';

/** Every announcements query key starts with 'announcements'; the winners board has its own. */
export const announcementKeys = {
  all: ['announcements'] as const,
  list: (group: AnnouncementGroup, language: LanguageCode, page: number, pageSize: number) =>
    ['announcements', group, language, page, pageSize] as const,
  winners: (days: number, count: number) => ['winners', days, count] as const,
};
