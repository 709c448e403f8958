import { useState } from 'react';
import { Can } from '../../app/access/can';
import { ResourcePage } from '../../components/resource';
import { MoveStockDialog } from './MoveStockDialog';
import { stockChanges } from './resource';

/** /operation/ginee-oms/stock/change-record: every movement of stock, searchable and exportable (SPEC §3). */
export default function ChangeRecordPage() {
  const [round, setRound] = useState(0); // a movement adds a record: the list is shown afresh
  const extra = (
    <Can permission="stock#move">
      <MoveStockDialog onMoved={() => setRound((n) => n + 1)} />
    </Can>
  );
  return <ResourcePage key={round} resource={stockChanges} extra={extra} />;
}
