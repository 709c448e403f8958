import { defineResource } from '../../components/resource';
import type { AuthorityNode } from './api';
import { ParentSelect } from './ParentSelect';
import { asReference } from '../../components/ReferenceSelect';
import { checkIdentifier, checkSort } from './rules';

type Authority = Omit<AuthorityNode, 'children'>;

/**
 * The authority form (SPEC §3 Authority; §5: title, identifier, description and sort required, sort a
 * natural number); the screen itself is a tree (AuthoritiesPage), the server half api/routers/authorities.py.
 */
export default defineResource<Authority>({
  name: 'authorities',
  api: 'authority',
  permission: 'menu-management',
  actions: ['add', 'edit', 'delete'],
  columns: [
    { key: 'parentId', title: 'parent', form: { input: asReference(ParentSelect, '/cms/authority/tree-list') } },
    { key: 'menuType', title: 'menuType', type: 'enum', enum: 'MenuType', form: { required: true } },
    { key: 'title', title: 'titleField', form: { required: true, max: 64 } },
    { key: 'identifier', title: 'identifier', form: { required: true, max: 128, check: checkIdentifier, fixed: true } },
    { key: 'icon', title: 'icon', form: { max: 64 } },
    { key: 'descriptionEn', title: 'descriptionEn', form: { required: true, max: 128 } },
    { key: 'descriptionZh', title: 'descriptionZh', form: { required: true, max: 128 } },
    { key: 'descriptionId', title: 'descriptionId', form: { required: true, max: 128 } },
    { key: 'sort', title: 'sort', type: 'number', form: { required: true, check: checkSort } },
    { key: 'path', title: 'path', form: { max: 256 } },
    { key: 'hidden', title: 'hidden', type: 'boolean', form: {} },
    { key: 'affix', title: 'affix', type: 'boolean', form: {} },
    { key: 'noCache', title: 'noCache', type: 'boolean', form: {} },
  ],
});
