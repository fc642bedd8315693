/**
 * Spec §8, the error catalogue (issue 11): every entry → the message key(s) of the client's
 * catalogues that show it → the tests that reach it (by the server's answer, a fault injected in
 * the browser or in a stubbed fetch, or a bad upload). `error-catalogue.test.ts` checks that each
 * key has a text in MY, EN, CN, TH and VI and that each named test file still holds the named
 * test (its `needle`: a test title or the assertion's text), so the table cannot rot silently.
 * `none` states an entry with no feature behind it, or one answered otherwise on purpose.
 */
import { PHONE_AUTH_ERRORS } from '@app/contracts';

export interface CatalogueTest {
  /** Path from the repository root. */
  file: string;
  /** Text the file contains where it reaches the entry (a test title or an asserted message/key). */
  needle: string;
}

export interface CatalogueEntry {
  entry: string;
  keys: readonly string[];
  tests: readonly CatalogueTest[];
  /** Why an entry has no test reaching it (no feature behind it, or not answered by design). */
  none?: string;
}

const web = (p: string) => `apps/web/src/${p}`;
const server = (p: string) => `apps/server/src/${p}`;
const e2e = (p: string) => `e2e/tests/${p}`;

const PHONE_AUTH_SERVER: Record<string, CatalogueTest[]> = {
  invalid_phone_number: [
    { file: server('modules/verification/verification.test.ts'), needle: 'phone_auth.invalid_phone_number' },
  ],
  missing_phone_number: [
    { file: server('modules/verification/verification.test.ts'), needle: 'phone_auth.missing_phone_number' },
  ],
  too_many_requests: [
    { file: server('modules/verification/verification.test.ts'), needle: 'phone_auth.too_many_requests' },
    {
      file: web('features/auth/components/session-flows.test.tsx'),
      needle: 'Too many requests. Please try again after 5 minutes.',
    },
  ],
  invalid_code: [
    { file: server('modules/verification/verification.test.ts'), needle: 'phone_auth.invalid_code' },
    { file: server('modules/members/register.test.ts'), needle: 'phone_auth.invalid_code' },
  ],
  quota_exceeded: [
    { file: server('modules/verification/verification.test.ts'), needle: 'phone_auth.quota_exceeded' },
  ],
  operation_not_allowed: [
    { file: server('modules/verification/verification.test.ts'), needle: 'phone_auth.operation_not_allowed' },
  ],
  code_expired: [
    { file: server('modules/verification/verification.test.ts'), needle: 'phone_auth.code_expired' },
    { file: server('modules/members/account.test.ts'), needle: 'phone_auth.code_expired' },
  ],
};
/** Every phone-auth key reaches the client translated, as the server sends it (a stubbed fetch). */
const PHONE_AUTH_CLIENT: CatalogueTest = {
  file: web('lib/api-client.test.ts'),
  needle:
    'spec §8 phone auth: every code, as the server sends it, resolves to its translated phone_auth message',
};
const PHONE_AUTH_NO_FEATURE: Record<string, string> = {
  unknown_error:
    'No path answers it: our own SMS service (not Firebase) answers each failure with its own code; the key is kept, translated, for a provider that would.',
  captcha_check_failed:
    'No feature: the SMS path has no reCAPTCHA step (Firebase has one); the image captcha of login/registration answers errors.captcha_wrong.',
  popup_closed:
    'No feature: there is no popup phone sign-in; the social logins redirect (OpenID Connect), they do not open a popup.',
  popup_blocked:
    'No feature: there is no popup phone sign-in (see popup_closed); a blocked customer-service window answers errors.window_closed.',
};
const PHONE_AUTH_CODES = PHONE_AUTH_ERRORS;

export const ERROR_CATALOGUE: readonly CatalogueEntry[] = [
  {
    entry: 'Chunk load failure (ChunkLoadError) after a 120-second timeout or missing file',
    keys: ['errors.chunk.title', 'errors.chunk.message'],
    tests: [
      { file: web('lib/chunk.test.ts'), needle: 'turns a failed import into a ChunkLoadError' },
      { file: web('lib/chunk.test.ts'), needle: 'gives up after 120 s (spec §9)' },
      {
        file: web('app/route-error.test.tsx'),
        needle: 'shows the same screen when a page chunk has not loaded after 120 s',
      },
    ],
  },
  {
    entry: 'Non-real account: warning in_need_true_account',
    keys: ['errors.in_need_true_account'],
    tests: [
      {
        file: web('features/games/hooks/use-launch-game.test.tsx'),
        needle: 'a trial account (type 4) is told a real account is needed',
      },
      { file: web('features/auth/components/session-flows.test.tsx'), needle: 'Please use a real account' },
      { file: server('modules/wallet/wallet.test.ts'), needle: 'in_need_true_account' },
    ],
  },
  {
    entry: 'Customer-service window call fails: window closed',
    keys: ['errors.window_closed'],
    tests: [
      {
        file: web('features/customer-service/components/customer-service-entry.test.tsx'),
        needle: 'says the window was closed when the browser refuses it (spec §8)',
      },
    ],
  },
  {
    entry: 'SMS-code failure: warning dialog with the server message',
    keys: ['phone_auth.too_many_requests', 'auth.warning'],
    tests: [
      {
        file: web('features/auth/components/session-flows.test.tsx'),
        needle: 'a failure shows the server message in a warning',
      },
      {
        file: e2e('accounts.spec.ts'),
        needle: 'a refused code request is a warning with the server message',
      },
    ],
  },
  {
    entry: "Affiliate code rejected at registration: warning 'invitation_code_error'",
    keys: ['errors.invitation_code_error'],
    tests: [
      {
        file: web('features/auth/components/register-modal.test.tsx'),
        needle: 'shows invitation_code_error on the field when the affiliate code is rejected',
      },
      { file: e2e('accounts.spec.ts'), needle: 'a bad code is refused with invitation_code_error' },
      { file: server('modules/members/register.test.ts'), needle: 'invitation_code_error' },
    ],
  },
  {
    entry: 'Login failure with captcha flag: captcha field appears',
    keys: ['errors.wrong_credentials', 'auth.captcha', 'auth.captcha_image'],
    tests: [
      {
        file: web('features/auth/components/login-modal.test.tsx'),
        needle: 'when the failure carries the captcha flag, the captcha',
      },
      { file: e2e('accounts.spec.ts'), needle: 'after three the captcha appears' },
    ],
  },
  {
    entry: 'Failed registration: captcha refreshed (at most once per second)',
    keys: ['errors.captcha_wrong', 'auth.captcha_image'],
    tests: [
      {
        file: web('features/auth/components/register-modal.test.tsx'),
        needle: 'refreshes the captcha, at most once per second',
      },
      { file: server('modules/members/register.test.ts'), needle: 'errors.captcha_wrong' },
    ],
  },
  ...PHONE_AUTH_CODES.map((code): CatalogueEntry => ({
    entry: `Phone auth: ${code.replaceAll('_', ' ')}`,
    keys: [`phone_auth.${code}`],
    tests: [...(PHONE_AUTH_SERVER[code] ?? []), PHONE_AUTH_CLIENT],
    none: PHONE_AUTH_NO_FEATURE[code],
  })),
  {
    entry: 'Enter username and password',
    keys: ['auth.username_required', 'auth.password_required', 'errors.enter_username_password'],
    tests: [
      {
        file: web('features/auth/components/login-modal.test.tsx'),
        needle: 'requires username and password',
      },
    ],
  },
  {
    entry: 'Wrong account or password',
    keys: ['errors.wrong_credentials'],
    tests: [
      { file: server('modules/session/login.test.ts'), needle: 'errors.wrong_credentials' },
      { file: e2e('accounts.spec.ts'), needle: 'a wrong password is refused with one message' },
    ],
  },
  {
    entry: 'Username/e-mail does not exist',
    keys: ['errors.username_email_not_found'],
    tests: [
      {
        file: server('modules/members/account.test.ts'),
        needle: 'answers the same for a match, a wrong e-mail and an unknown user',
      },
    ],
    none: 'Not answered by design (security: no account enumeration): password recovery answers the same for an unknown user; the test proves that. The key is kept, translated.',
  },
  {
    entry: 'Account, password, e-mail format incorrect',
    keys: ['errors.account_format', 'errors.password_format', 'errors.email_format'],
    tests: [
      { file: server('modules/members/register.test.ts'), needle: 'errors.account_format' },
      { file: web('features/auth/components/login-modal.test.tsx'), needle: 'Password format is incorrect' },
      {
        file: web('features/agent/components/register-centre.test.tsx'),
        needle: 'Password format is incorrect',
      },
      {
        file: web('features/auth/components/password-flows.test.tsx'),
        needle: 'E-mail format is incorrect.',
      },
    ],
  },
  {
    entry: 'Not logged in',
    keys: ['errors.not_logged_in'],
    tests: [
      {
        file: server('modules/session/login.test.ts'),
        needle: 'answers member calls without a session with 401 errors.not_logged_in',
      },
      { file: web('lib/api-client.test.ts'), needle: "messageKey: 'errors.not_logged_in'" },
    ],
  },
  {
    entry: 'Non-member cannot log in',
    keys: ['errors.non_member_login'],
    tests: [{ file: server('modules/session/login.test.ts'), needle: 'errors.non_member_login' }],
  },
  {
    entry: 'Non-agent cannot log in',
    keys: ['errors.non_agent_login'],
    tests: [
      { file: server('modules/session/login.test.ts'), needle: 'errors.non_agent_login' },
      { file: e2e('accounts.spec.ts'), needle: 'the agent entry refuses a non-agent' },
    ],
  },
  {
    entry: 'Complete verification first',
    keys: ['errors.complete_verification'],
    tests: [
      { file: web('features/auth/components/login-modal.test.tsx'), needle: 'asks for the new-IP step' },
    ],
    none: 'No answer carries it: a login that needs verification (new IP) opens the verification step itself instead of refusing; no session exists before it is done. The key is kept, translated.',
  },
  {
    entry: 'Enter correct information',
    keys: ['errors.enter_correct_information'],
    tests: [{ file: e2e('social.spec.ts'), needle: 'Please enter the correct information.' }],
  },
  {
    entry: 'Enter withdraw password, receiving address or mobile number',
    keys: [
      'money.errors.payment_password_required',
      'points.errors.address_required',
      'auth.mobile_required',
    ],
    tests: [
      {
        file: web('features/cashier/components/withdraw-page.test.tsx'),
        needle: 'Enter the payment password',
      },
      { file: web('features/points/components/point-mall.test.tsx'), needle: 'Enter the delivery address' },
      {
        file: web('features/auth/components/session-flows.test.tsx'),
        needle: 'Please enter your mobile number.',
      },
    ],
  },
  {
    entry: 'System error',
    keys: ['errors.system_error'],
    tests: [{ file: web('lib/api-client.test.ts'), needle: "messageKey: 'errors.system_error'" }],
  },
  {
    entry: 'Network: link abnormal, retry',
    keys: ['errors.link_abnormal'],
    tests: [{ file: web('lib/api-client.test.ts'), needle: 'maps a rejected fetch to link abnormal' }],
  },
  {
    entry: 'Network: page slow to load, check network',
    keys: ['errors.page_slow'],
    tests: [{ file: web('lib/api-client.test.ts'), needle: 'maps a timeout to page slow' }],
  },
  {
    entry: 'Network: domain check invalid, contact support',
    keys: ['errors.domain_check_invalid'],
    tests: [{ file: web('lib/api-client.test.ts'), needle: 'maps an HTML answer to domain check invalid' }],
  },
  {
    entry: 'Access: blocked by region or IP',
    keys: ['errors.region_blocked', 'errors.ip_blocked', 'guards.region.ip_message'],
    tests: [
      {
        file: server('plugins/guards.test.ts'),
        needle: 'by IP address: 403 REGION_RESTRICTED on guarded calls',
      },
      {
        file: web('app/guards/guard.test.tsx'),
        needle: 'shows the restricted-region page on every path, also for a blocked IP',
      },
      { file: e2e('0-content.spec.ts'), needle: 'Access from your network address is blocked.' },
    ],
  },
  {
    entry: 'Access: system maintenance',
    keys: ['errors.system_maintenance'],
    tests: [
      {
        file: server('plugins/guards.test.ts'),
        needle: 'closes every guarded endpoint with 503 MAINTENANCE',
      },
      {
        file: web('app/guards/guard.test.tsx'),
        needle: 'treats a 503 MAINTENANCE answer of a guarded call like the maintenance flag',
      },
      { file: e2e('guards.spec.ts'), needle: 'maintenance on shows the maintenance page on every path' },
    ],
  },
  {
    entry: 'Access: game under maintenance',
    keys: ['errors.game_maintenance'],
    tests: [
      {
        file: web('features/games/hooks/use-launch-game.test.tsx'),
        needle: 'a game under maintenance (503) opens the maintenance page',
      },
    ],
  },
  {
    entry: 'Uploads: image too large (max 5MB)',
    keys: ['cashier.errors.image_too_large', 'promotions.errors.image_too_large'],
    tests: [
      {
        file: web('features/cashier/components/proof-images.test.ts'),
        needle: 'refuses a fourth image, another type, or an image over 5 MB',
      },
      { file: server('modules/cashier/cashier.test.ts'), needle: "'cashier.errors.image_too_large'" },
    ],
  },
  {
    entry: 'Uploads: more than 3 images',
    keys: ['cashier.errors.too_many_images', 'promotions.errors.too_many_images'],
    tests: [
      { file: web('features/cashier/components/proof-images.test.ts'), needle: 'refuses a fourth image' },
      { file: server('modules/cashier/cashier.test.ts'), needle: "'cashier.errors.too_many_images'" },
    ],
  },
  {
    entry: 'Uploads: only png or jpg',
    keys: ['cashier.errors.image_type', 'promotions.errors.image_type'],
    tests: [
      { file: web('features/cashier/components/c2c-confirm.test.tsx'), needle: 'Only png or jpg images.' },
      { file: web('features/promotions/components/promotions.test.tsx'), needle: 'Only png or jpg images' },
      { file: server('modules/cashier/cashier.test.ts'), needle: "'cashier.errors.image_type'" },
    ],
  },
];
