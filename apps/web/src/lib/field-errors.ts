import { isApiError } from './api-client';

/** Puts a refusal's field errors on their fields; says whether any landed. */
export function placeFieldErrors<F extends string>(
  e: unknown,
  fields: readonly F[],
  setError: (name: F, error: { message: string }) => void,
): boolean {
  if (!isApiError(e)) return false;
  let placed = false;
  for (const [name, message] of Object.entries(e.fields ?? {})) {
    if ((fields as readonly string[]).includes(name)) {
      setError(name as F, { message });
      placed = true;
    }
  }
  return placed;
}
