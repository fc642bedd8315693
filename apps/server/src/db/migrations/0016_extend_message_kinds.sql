-- Issue 9: the notices of promotions (application approved or rejected, bonus issued), the point
-- mall (redemption approved or rejected), the reward centre, invitations and missions. One list
-- here, so the issue's modules (0017 onwards) never rewrite this constraint.
alter table messages drop constraint messages_kind_check;
alter table messages add constraint messages_kind_check check (kind in ('mail', 'deposit_arrived',
  'withdrawal_approved', 'withdrawal_rejected', 'deposit_failed', 'contract_offered',
  'contract_terminate_requested', 'contract_accepted', 'contract_rejected', 'contract_terminated',
  'contract_paid', 'dividend_unpaid', 'red_envelope', 'agent_transfer', 'promo_approved',
  'promo_rejected', 'promo_bonus', 'redeem_approved', 'redeem_rejected', 'reward_available',
  'referral_reward', 'mission_completed'));
