import { CountrySelect as Select } from '@/components/ui/code-controls';
import { useCountries } from '@/lib/countries';
import { useFlags } from '@/lib/status';

/** The country dropdown with the server's list; dialing codes shown when countryCodeDisplay is on. */
export function CountrySelect({
  value,
  onChange,
}: {
  value: string;
  onChange: (dialingCode: string) => void;
}) {
  const countries = useCountries();
  const showDialing = useFlags().data?.countryCodeDisplay ?? false;
  return <Select value={value} onChange={onChange} countries={countries.data} showDialing={showDialing} />;
}
