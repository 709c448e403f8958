import { ResourcePage } from '../../components/resource';
import { allExpenses } from './resource';

/** SPEC §2 /operation/accounts/expenses/all: every payment record. */
export default function AllExpensesPage() {
  return <ResourcePage resource={allExpenses} />;
}
