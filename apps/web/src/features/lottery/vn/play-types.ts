import { VN_PLAY_TYPES, type PlayType } from '@app/contracts';

/** The VN bet types in tab order (the contract's order) and their text keys. */
export const VN_TABS: readonly PlayType[] = VN_PLAY_TYPES;

export const playTypeName = (p: PlayType) => `vnlottery.play.${p}.name`;
export const playTypeHelp = (p: PlayType) => `vnlottery.play.${p}.help`;
