import { useMutation } from '@tanstack/react-query';
import { endpoints, type LanguageCode } from '@app/contracts';
import { call } from '@/lib/api-client';

export function updateLanguage(language: LanguageCode) {
  return call(endpoints.updateLanguage, { language });
}

export function useUpdateLanguage() {
  return useMutation({ mutationFn: updateLanguage });
}
