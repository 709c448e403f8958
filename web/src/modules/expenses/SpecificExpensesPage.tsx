import { ResourcePage } from '../../components/resource';
import { specificExpenses } from './resource';

/** SPEC §2 /operation/accounts/expenses/specific: the payment records of a named merchant. */
export default function SpecificExpensesPage() {
  return <ResourcePage resource={specificExpenses} />;
}
