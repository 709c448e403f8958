import type { Translate } from '../../i18n';
import { fieldRules } from '../../components/resource/formRules';
import { checkPassword } from './rules';

/** A required password under the policy of SPEC §5, as form rules with messages naming the field. */
export function passwordRules(label: string, t: Translate) {
  return fieldRules({ key: 'password', title: 'password', form: { required: true, check: checkPassword } }, label, t);
}

/** A required field of a password form (the old password, the repeat). */
export function requiredRules(label: string, t: Translate) {
  return fieldRules({ key: 'password', title: 'password', form: { required: true } }, label, t);
}
