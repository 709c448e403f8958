import { describe, expect, it } from 'vitest';
import { allIds, filterTree, grantDisplay, indexTree, toggleGrant } from './tree';

const button = (id: number, title: string) => ({ id, title, menuType: 'BUTTON', children: [] });
const tree = [
  { id: 1, title: 'Home', menuType: 'MENU', children: [] },
  {
    id: 2,
    title: 'Operation',
    menuType: 'DIRECTORY',
    children: [
      { id: 3, title: 'Couriers', menuType: 'MENU', children: [button(4, 'Add courier'), button(5, 'Delete courier')] },
      { id: 6, title: 'Orders', menuType: 'MENU', children: [] },
    ],
  },
];
const index = indexTree(tree);

describe('permission editor (SPEC §6: authorities are assigned to roles and users)', () => {
  it('checking a menu grants the directories above it, not its action buttons', () => {
    expect(toggleGrant([], 3, true, index)).toEqual([2, 3]);
  });

  it('checking a directory grants its menus, still without their buttons', () => {
    expect(toggleGrant([], 2, true, index)).toEqual([2, 3, 6]);
  });

  it('unchecking a menu takes its buttons away but leaves the directory and other menus', () => {
    expect(toggleGrant([2, 3, 4, 5, 6], 3, false, index)).toEqual([2, 6]);
  });

  it('checking a button alone keeps its siblings unchecked', () => {
    expect(toggleGrant([], 5, true, index)).toEqual([2, 3, 5]);
  });

  it('shows a directory with only some of its menus granted as half-checked', () => {
    expect(grantDisplay([2, 3], index)).toEqual({ checked: [3], halfChecked: [2] });
  });

  it('shows a directory with all its menus granted as checked, whatever the buttons', () => {
    expect(grantDisplay([2, 3, 6], index)).toEqual({ checked: [2, 3, 6], halfChecked: [] });
  });

  it('shows nothing checked when nothing is granted', () => {
    expect(grantDisplay([], index)).toEqual({ checked: [], halfChecked: [] });
  });
});

describe('tree search', () => {
  it('keeps the branch leading to a match', () => {
    const found = filterTree(tree, (node) => node.title.includes('Delete'));
    expect(allIds(found)).toEqual([2, 3, 5]);
  });

  it('keeps a matching node with all its children', () => {
    expect(allIds(filterTree(tree, (node) => node.title === 'Couriers'))).toEqual([2, 3, 4, 5]);
  });
});
