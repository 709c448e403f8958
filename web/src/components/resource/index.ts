export { defineResource } from './types';
export type { Column, Resource, Row, RowAction, BatchAction, FieldRules } from './types';
export { ResourcePage } from './ResourcePage';
