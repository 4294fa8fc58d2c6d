/** antd Form rules for a new password, calling the shared validator of spec point 5. */
import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { isValidPassword } from '../../contract/validators';

export function newPasswordRules(t: TFunction): FormRule[] {
  return [
    { required: true, message: t('auth.password.required') },
    {
      validator: (_rule, value: string | undefined) =>
        !value || isValidPassword(value) ? Promise.resolve() : Promise.reject(new Error(t('auth.password.rule'))),
    },
  ];
}

export function confirmPasswordRules(t: TFunction, field = 'newPassword'): FormRule[] {
  return [
    { required: true, message: t('auth.password.confirmRequired') },
    ({ getFieldValue }) => ({
      validator: (_rule, value: string | undefined) =>
        !value || getFieldValue(field) === value ? Promise.resolve() : Promise.reject(new Error(t('auth.password.mismatch'))),
    }),
  ];
}
