import { describe, expect, it } from 'vitest';
import { featureTree } from './FeatureTree';

describe('the system#feature catalogue as a tree (SPEC §6)', () => {
  it('nests groups under their system in catalogue order', () => {
    const tree = featureTree([
      { key: 'erp#1.2', parentKey: 'erp#1', system: 'ERP', name: 'Pending print', sort: 2 },
      { key: 'erp', parentKey: null, system: 'ERP', name: 'Order and inventory', sort: 3 },
      { key: 'erp#1', parentKey: 'erp', system: 'ERP', name: 'Orders', sort: 1 },
      { key: 'erp#1.1', parentKey: 'erp#1', system: 'ERP', name: 'Pending', sort: 1 },
      { key: 'wms', parentKey: null, system: 'WMS', name: 'Warehouse', sort: 1 },
    ]);
    expect(tree.map((n) => n.key)).toEqual(['wms', 'erp']);
    expect(tree[1]!.children![0]!.children!.map((n) => n.key)).toEqual(['erp#1.1', 'erp#1.2']);
  });
});
