import { describe, expect, it } from 'vitest';
import { allIds, filterTree, indexTree, toggleGrant } from './tree';

const tree = [
  { id: 1, title: 'Home', children: [] },
  {
    id: 2,
    title: 'Operation',
    children: [
      { id: 3, title: 'Couriers', children: [{ id: 4, title: 'Add courier', children: [] }, { id: 5, title: 'Delete courier', children: [] }] },
      { id: 6, title: 'Orders', children: [] },
    ],
  },
];
const index = indexTree(tree);

describe('permission editor (SPEC §6: authorities are assigned to roles and users)', () => {
  it('checking a menu grants its buttons and the directories above it', () => {
    expect(toggleGrant([], 3, true, index)).toEqual([2, 3, 4, 5]);
  });

  it('unchecking a menu takes its buttons away but leaves the directory and other menus', () => {
    expect(toggleGrant([2, 3, 4, 5, 6], 3, false, index)).toEqual([2, 6]);
  });

  it('checking a button alone keeps its siblings unchecked', () => {
    expect(toggleGrant([], 5, true, index)).toEqual([2, 3, 5]);
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
