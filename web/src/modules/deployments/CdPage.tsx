import { CdPage } from './RunsPages';

export default CdPage;
