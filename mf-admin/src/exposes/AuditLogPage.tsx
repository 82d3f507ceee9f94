import { AuditLogPage } from '../features/audit/audit-log-page';

/** /audit (filters in the address: ?actor=&beneficiaryId=&domain=&entityType=&action=&from=&to=) */
export default AuditLogPage;
