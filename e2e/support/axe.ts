import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

/**
 * The axe rules whose outcome depends on colours alone: all a second theme can change (the
 * markup is the same in both). Issue 11's a11y spec runs every rule in the light theme and these
 * in the dark one, which halves its time.
 */
export const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

/**
 * axe-core on what the page shows now (issue 9 and 11: 0 serious or critical findings). `label`
 * names the state in the failure (page, modal, theme). Findings of lower impact are not gated.
 * `rules` limits the run to those rules (default: every WCAG 2.1 A/AA rule).
 */
export async function expectAccessible(
  page: Page,
  label: string,
  include?: string,
  rules?: readonly string[],
): Promise<void> {
  // Only the violations come back (not every passing node): the same verdict, less work. Set
  // first: options() replaces what withTags/withRules set.
  let builder = new AxeBuilder({ page }).options({ resultTypes: ['violations'] });
  builder = rules
    ? builder.withRules([...rules])
    : builder.withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']);
  if (include) builder = builder.include(include);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious, `axe: ${label}`).toEqual([]);
}
