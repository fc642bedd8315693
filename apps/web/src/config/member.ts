/**
 * Spec §1/§4/§9 member types. The member info schema arrives with sessions (issue 3); until then
 * the centres gate on this minimal view of a member.
 */
export const AGENT_TYPES: readonly number[] = [1, 2, 41, 42];
export const TRIAL_TYPE = 4;

export interface CentreMember {
  type: number;
  /** Spec §3 toUpline: the member has an upline to transfer to (absent reads as no). */
  toUpline?: boolean;
}

export const isAgent = (m: CentreMember | null) => m !== null && AGENT_TYPES.includes(m.type);
/** Issue 4: transfer to upline for members and agents that have one (never a trial account). */
export const hasUpline = (m: CentreMember | null) =>
  m !== null && m.toUpline === true && m.type !== TRIAL_TYPE;
/** Spec §4: member centre = logged in and type not 4. */
export const canUseMemberCentre = (m: CentreMember | null) => m !== null && m.type !== TRIAL_TYPE;
