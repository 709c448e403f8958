export { defineResource } from './types';
export type { Column, Resource, Row, RowAction, BatchAction, FieldRules, InputProps } from './types';
export { ResourcePage, TAB } from './ResourcePage';
export { FormModal, type FormTarget } from './FormModal';
export { resourceApi, saveFile } from './api';
export { useEnumOptions, enumLabel } from './enums';
export { Cell } from './Cell';
export { TreePage, type TreeRow } from './TreePage';
export { TimeZoneInput, TimeZoneSelect } from './TimeZoneInput';
