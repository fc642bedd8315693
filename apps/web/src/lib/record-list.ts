/** Signed minor units as shown in the record lists: "+1,234.50", "-12.00", "0.00". */
export function signedAmount(minor: number, format: (m: number) => string): string {
  return minor > 0 ? `+${format(minor)}` : format(minor);
}

/** The number of pages of a list (at least one, so the pager always has a page to stand on). */
export const pageCount = (total: number, pageSize: number) =>
  pageSize > 0 ? Math.max(1, Math.ceil(total / pageSize)) : 1;
