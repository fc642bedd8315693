import { useQuery } from '@tanstack/react-query';
import { type Country, countries as countriesEndpoint } from '@app/contracts';
import { call } from './api-client';

/** GET /wps/system/countries: the country code list of spec §7 (dialing codes). */
export function useCountries() {
  return useQuery({
    queryKey: ['system', 'countries'],
    queryFn: ({ signal }): Promise<Country[]> => call(countriesEndpoint, {}, { signal }),
    staleTime: 60 * 60_000,
  });
}
