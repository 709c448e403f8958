import { CiPage } from './RunsPages';

export default CiPage;
