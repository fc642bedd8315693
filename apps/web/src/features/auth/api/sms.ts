import { smsNoLogin as smsNoLoginEndpoint, smsRegister as smsRegisterEndpoint } from '@app/contracts';

import { call } from '@/lib/api-client';

/** POST /wps/verification/sms/noLogin (login, phone recovery). */
export function sendSmsCode(input: {
  mobileNum: string;
  countryDialingCode: string;
  purpose?: 'login' | 'recovery';
  type?: 'username' | 'sms' | 'firebase';
}) {
  return call(smsNoLoginEndpoint, input);
}

/** POST /wps/verification/sms/register. */
export function sendRegisterSms(mobileNo: string, countryDialingCode: string) {
  return call(smsRegisterEndpoint, { mobileNo, countryDialingCode });
}
