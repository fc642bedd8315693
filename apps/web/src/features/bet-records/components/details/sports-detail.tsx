/**
 * What the betting record shows of a sports bet's detail (issue 6; the detail the studio sends with
 * its credit). Answers null for a detail it cannot read.
 */
export function SportsDetail(_props: { detail: unknown }) {
  return null;
}
