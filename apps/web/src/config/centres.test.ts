import { flags, type FlagId } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { whitelabelTree } from '@/testing/fixtures';
import {
  AGENT_CENTRE_DEFAULT_PAGE,
  AGENT_CENTRE_PAGES,
  PERSONAL_CENTRE_PAGES,
  enabledPages,
  resolvePage,
} from './centres';

const f = (...on: FlagId[]) => flags(whitelabelTree(on));
const pages = (entries: readonly { page: string }[]) => entries.map((e) => e.page);

describe('centre config arrays', () => {
  it('list the 13 personal and 11 agent pages of spec §2 (and issue 10: Responsible gaming)', () => {
    expect(PERSONAL_CENTRE_PAGES).toHaveLength(14);
    expect(pages(PERSONAL_CENTRE_PAGES).at(-1)).toBe('protection');
    expect(AGENT_CENTRE_PAGES).toHaveLength(11);
  });

  it('gate the agent contract pages by enableCt, salary and hourSalary', () => {
    const agent = { type: 1 };
    const none = pages(enabledPages(AGENT_CENTRE_PAGES, f(), agent));
    expect(none).toHaveLength(8);
    expect(none).not.toContain('agentDividendRecordCopy2');
    expect(pages(enabledPages(AGENT_CENTRE_PAGES, f('enableCt'), agent))).toContain(
      'agentDividendRecordCopy2',
    );
    expect(pages(enabledPages(AGENT_CENTRE_PAGES, f('salary'), agent))).toContain('agentDailyWages2');
    const hourly = pages(enabledPages(AGENT_CENTRE_PAGES, f('hourSalary'), agent));
    expect(hourly).toContain('agentHourSalary');
    expect(hourly).not.toContain('agentDailyWages2');
    expect(enabledPages(AGENT_CENTRE_PAGES, f('enableCt', 'salary', 'hourSalary'), agent)).toHaveLength(11);
  });

  it('offer transfer to upline to members and agents that have an upline', () => {
    const upline = (m: { type: number; toUpline?: boolean }) =>
      pages(enabledPages(PERSONAL_CENTRE_PAGES, f(), m)).includes('transferUpline');
    expect(upline({ type: 3, toUpline: true })).toBe(true);
    expect(upline({ type: 42, toUpline: true })).toBe(true);
    expect(upline({ type: 1, toUpline: false })).toBe(false);
    expect(upline({ type: 3 })).toBe(false);
    expect(upline({ type: 4, toUpline: true })).toBe(false);
  });

  it('open the agent centre on the team overview, and never on a gated page', () => {
    const enabled = enabledPages(AGENT_CENTRE_PAGES, f(), { type: 1 });
    expect(resolvePage(enabled, null, AGENT_CENTRE_DEFAULT_PAGE)?.page).toBe('agentTeamOverview');
    expect(resolvePage(enabled, 'agentHourSalary', AGENT_CENTRE_DEFAULT_PAGE)?.page).toBe(
      'agentTeamOverview',
    );
    expect(resolvePage(enabled, 'registerCenter', AGENT_CENTRE_DEFAULT_PAGE)?.page).toBe('registerCenter');
  });
});
