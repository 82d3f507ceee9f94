import { DataRequestsPage } from '../features/data-requests/data-requests-page';

/** /data-requests */
export default DataRequestsPage;
