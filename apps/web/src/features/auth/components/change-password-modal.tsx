import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { passwordSchema } from '@app/contracts';
import { Button } from '@/components/ui/button';
import { TextField, formStyles as styles, placeholderFor } from '@/components/ui/field';
import { Modal } from '@/components/ui/modal';
import { paths } from '@/config/paths';
import { errorKey } from '@/lib/api-client';
import { changePassword } from '../api/password';
import { useCompleteLogin } from '../hooks/use-complete-login';

interface Values {
  oldPassword: string;
  newPassword: string;
  confirm: string;
}

/**
 * Change password (spec §4, §5): new password with the password rule, confirm equal, the old
 * password only outside the forced flow (weak 123456 or expired: the session may only do this).
 * The answer is a new session (every other session is revoked); then logged in and go to /.
 */
export default function ChangePasswordModal({ forced, onClose }: { forced: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const completeLogin = useCompleteLogin();
  const [formError, setFormError] = useState<string | null>(null);
  const { register, handleSubmit, getValues, formState } = useForm<Values>({
    defaultValues: { oldPassword: '', newPassword: '', confirm: '' },
  });
  const errors = formState.errors;
  const submit = handleSubmit(async (v) => {
    setFormError(null);
    try {
      const result = await changePassword({
        oldPassword: forced ? undefined : v.oldPassword,
        newPassword: v.newPassword,
        confirmNewPassword: v.confirm,
      });
      await completeLogin(result, { type: 'username' });
      await navigate(paths.root);
    } catch (e) {
      setFormError(errorKey(e));
    }
  });
  return (
    <Modal title={t('auth.change_password')} closeLabel={t('common.close')} onClose={onClose}>
      <form className={styles.form} noValidate onSubmit={(e) => void submit(e)}>
        {forced ? (
          <p className={styles.notice} role="status">
            {t('errors.password_change_required')}
          </p>
        ) : (
          <TextField
            label={t('auth.old_password')}
            type="password"
            autoComplete="current-password"
            placeholder={placeholderFor(t('auth.old_password'), true)}
            error={errors.oldPassword?.message ? t(errors.oldPassword.message) : undefined}
            {...register('oldPassword', { validate: (x) => x !== '' || 'errors.input_required' })}
          />
        )}
        <TextField
          label={t('auth.new_password')}
          type="password"
          autoComplete="new-password"
          placeholder={placeholderFor(t('auth.new_password'), true)}
          hint={t('auth.password_rule')}
          error={errors.newPassword?.message ? t(errors.newPassword.message) : undefined}
          {...register('newPassword', {
            validate: (x) =>
              x === ''
                ? 'errors.input_required'
                : passwordSchema.safeParse(x).success || 'errors.password_format',
          })}
        />
        <TextField
          label={t('auth.confirm_password')}
          type="password"
          autoComplete="new-password"
          placeholder={placeholderFor(t('auth.confirm_password'), true)}
          error={errors.confirm?.message ? t(errors.confirm.message) : undefined}
          {...register('confirm', {
            validate: (x) =>
              x === ''
                ? 'errors.input_required'
                : x === getValues('newPassword') || 'errors.password_mismatch',
          })}
        />
        {formError ? (
          <p className={styles.error} role="alert">
            {t(formError)}
          </p>
        ) : null}
        <Button type="submit" className={styles.submit} disabled={formState.isSubmitting}>
          {t('auth.change_password_submit')}
        </Button>
      </form>
    </Modal>
  );
}
