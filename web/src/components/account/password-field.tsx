// A password's label and field, as every form that asks for one shows them (sign-in and
// sign-up, the account's password change and deletion, the reset of a forgotten one).
import type { ComponentProps } from 'react';
import { FormField } from './form-field';

export function PasswordField(
  props: Omit<ComponentProps<typeof FormField>, 'type' | 'required' | 'autoComplete'> & {
    autoComplete: 'current-password' | 'new-password';
  },
) {
  return <FormField {...props} type="password" required />;
}
