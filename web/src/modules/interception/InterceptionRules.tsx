import { ResourcePage } from '../../components/resource';
import { interceptionRules } from './resource';

/** The auto interception rules list with its form: its own route, and the "Auto interception" tab of the ERP
 *  order settings page. */
export function InterceptionRules() {
  return <ResourcePage resource={interceptionRules} />;
}

export default InterceptionRules;
