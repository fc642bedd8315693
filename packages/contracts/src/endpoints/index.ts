import type { Endpoint } from '../endpoint.ts';
import * as member from './member.ts';
import * as session from './session.ts';
import * as system from './system.ts';
import { walletEndpoints } from './wallet.ts';
import { cashierEndpoints } from './cashier.ts';
import { recordsEndpoints } from './records.ts';
import { gameCatalogueEndpoints, gamePlayEndpoints } from './games.ts';
import { studioBaccaratEndpoints } from './studio-baccarat.ts';
import { studioSportsEndpoints } from './studio-sports.ts';
import { studioFishEndpoints } from './studio-fish.ts';
import { studioPvpEndpoints } from './studio-pvp.ts';
import { lotteryEndpoints } from './lottery.ts';
import { agentEndpoints, contractEndpoints } from './agent.ts';
import { announcementEndpoints } from './announcements.ts';
import { promotionEndpoints } from './promotions.ts';
import { pointsEndpoints } from './points.ts';
import { rewardEndpoints } from './rewards.ts';
import { contentEndpoints } from './content.ts';
import { protectionEndpoints } from './protection.ts';

export * from './member.ts';
export * from './session.ts';
export * from './system.ts';
export * from './wallet.ts';
export * from './cashier.ts';
export * from './records.ts';
export * from './games.ts';
export * from './studio-baccarat.ts';
export * from './studio-sports.ts';
export * from './studio-fish.ts';
export * from './studio-pvp.ts';
export * from './lottery.ts';
export * from './agent.ts';
export * from './announcements.ts';
export * from './promotions.ts';
export * from './points.ts';
export * from './rewards.ts';
export * from './content.ts';
export * from './protection.ts';

/** System calls (issue 2). */
export const systemEndpoints = {
  whitelabel: system.whitelabel,
  registerSetting: system.registerSetting,
  status: system.status,
  domainRoute: system.domainRoute,
  helpCenter: system.helpCenter,
  permission: system.permission,
  countries: system.countries,
  captcha: system.captcha,
  updateLanguage: system.updateLanguage,
  health: system.health,
} satisfies Record<string, Endpoint>;

/** Sign-in, sign-up, recovery and the member (issue 3). */
export const sessionEndpoints = {
  payloadKey: session.payloadKey,
  login: session.login,
  freePlayLogin: session.freePlayLogin,
  loginVerifySend: session.loginVerifySend,
  loginVerify: session.loginVerify,
  logout: session.logout,
  smsNoLogin: session.smsNoLogin,
  smsRegister: session.smsRegister,
  register: session.register,
  registerMobile: session.registerMobile,
  changePassword: session.changePassword,
  forgotPasswordEmail: session.forgotPasswordEmail,
  resetPasswordEmail: session.resetPasswordEmail,
  forgotPasswordPhone: session.forgotPasswordPhone,
  affiliate: session.affiliate,
  rememberedLogin: session.rememberedLogin,
  memberInfo: member.memberInfo,
  memberIcon: member.memberIcon,
  playerAvatar: member.playerAvatar,
  firstLogin: member.firstLogin,
} satisfies Record<string, Endpoint>;

/** The security centre and social sign-in (issue 3). */
export const securityEndpoints = {
  socialProviders: session.socialProviders,
  socialStart: session.socialStart,
  socialComplete: session.socialComplete,
  telegramLogin: session.telegramLogin,
  profile: member.profile,
  updateProfile: member.updateProfile,
  setPaymentPassword: member.setPaymentPassword,
  bindMobileSend: member.bindMobileSend,
  bindMobile: member.bindMobile,
  bindEmailSend: member.bindEmailSend,
  bindEmail: member.bindEmail,
  totpSetup: member.totpSetup,
  totpEnable: member.totpEnable,
  totpDisable: member.totpDisable,
  loginHistory: member.loginHistory,
} satisfies Record<string, Endpoint>;

/**
 * The one endpoint table: the server registers a route for every entry (a missing handler is a
 * type error and refuses to start), the OpenAPI document is built from it, the client calls
 * through its entries.
 */
export const endpoints = /* @__PURE__ */ joinTables(
  systemEndpoints,
  sessionEndpoints,
  securityEndpoints,
  walletEndpoints,
  cashierEndpoints,
  recordsEndpoints,
  gameCatalogueEndpoints,
  gamePlayEndpoints,
  studioBaccaratEndpoints,
  studioSportsEndpoints,
  studioFishEndpoints,
  studioPvpEndpoints,
  lotteryEndpoints,
  agentEndpoints,
  contractEndpoints,
  announcementEndpoints,
  promotionEndpoints,
  pointsEndpoints,
  rewardEndpoints,
  contentEndpoints,
  protectionEndpoints,
);
export type Endpoints = typeof endpoints;
export const endpointList: readonly Endpoint[] = /* @__PURE__ */ Object.values(endpoints);

// A call marked pure (not an object spread) lets the client's bundler drop the table, and with it
// every schema, when a page imports only the endpoints it calls.
type Intersect<T extends readonly object[]> = T extends readonly [
  infer H,
  ...infer R extends readonly object[],
]
  ? H & Intersect<R>
  : unknown;
function joinTables<T extends readonly object[]>(...tables: T): Intersect<T> {
  return Object.assign({}, ...tables) as Intersect<T>;
}
