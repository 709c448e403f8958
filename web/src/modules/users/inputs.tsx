import { asReference } from '../../components/ReferenceSelect';
import type { InputProps } from '../../components/resource';
import { DepartmentSelect } from '../departments/DepartmentSelect';
import { RoleSelect } from '../roles/RoleSelect';
import { UserSelect } from './UserSelect';
import { ZoneSelect } from './ZoneSelect';

/** The pickers as form and search controls of the resource kit. */
export const UserInput = asReference(({ id, label, value, onChange }: InputProps) => <UserSelect id={id} label={label} value={value} onChange={onChange} />, '/cms/user/options');
export const RoleInput = asReference(({ id, label, value, onChange }: InputProps) => <RoleSelect id={id} label={label} value={value} onChange={onChange} />, '/cms/role/options');
export const RolesInput = asReference(({ id, label, value, onChange }: InputProps) => <RoleSelect id={id} label={label} value={value} onChange={onChange} multiple />, '/cms/role/options');
export const DepartmentInput = asReference(({ id, label, value, onChange }: InputProps) => (
  <DepartmentSelect id={id} label={label} value={value} onChange={onChange} />
), '/cms/department/tree');
export const ZoneInput = ({ id, label, value, onChange }: InputProps) => <ZoneSelect id={id} label={label} value={value as string | undefined} onChange={onChange} />;
