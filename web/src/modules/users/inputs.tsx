import type { InputProps } from '../../components/resource';
import { DepartmentSelect } from '../departments/DepartmentSelect';
import { RoleSelect } from '../roles/RoleSelect';
import { UserSelect } from './UserSelect';
import { ZoneSelect } from './ZoneSelect';

/** The pickers as form and search controls of the resource kit. */
export const UserInput = ({ id, label, value, onChange }: InputProps) => <UserSelect id={id} label={label} value={value} onChange={onChange} />;
export const RoleInput = ({ id, label, value, onChange }: InputProps) => <RoleSelect id={id} label={label} value={value} onChange={onChange} />;
export const RolesInput = ({ id, label, value, onChange }: InputProps) => <RoleSelect id={id} label={label} value={value} onChange={onChange} multiple />;
export const DepartmentInput = ({ id, label, value, onChange }: InputProps) => (
  <DepartmentSelect id={id} label={label} value={value} onChange={onChange} />
);
export const ZoneInput = ({ id, label, value, onChange }: InputProps) => <ZoneSelect id={id} label={label} value={value as string | undefined} onChange={onChange} />;
