import { useMutation } from '@tanstack/react-query';
import { type LanguageCode, updateLanguage as updateLanguageEndpoint } from '@app/contracts';
import { call } from '@/lib/api-client';

export function updateLanguage(language: LanguageCode) {
  return call(updateLanguageEndpoint, { language });
}

export function useUpdateLanguage() {
  return useMutation({ mutationFn: updateLanguage });
}
