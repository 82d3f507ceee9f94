import type { Provider } from '@nestjs/common';
import { BENEFICIARIES_CONFIG, type BeneficiariesConfig } from '../config';
import { DataExportContents } from './data-export-contents';
import { DataExportJob } from './data-export.job';
import { DataExportsRepository } from './data-exports.repository';
import { EXPORT_SOURCES, httpExportSources } from './export-sources';

/** A child's data export: what it reads from finance and identity, what it holds, and the job that builds it. */
export const DATA_EXPORT_PROVIDERS: Provider[] = [
  {
    provide: EXPORT_SOURCES,
    useFactory: (config: BeneficiariesConfig) =>
      httpExportSources(config.FINANCE_URL, config.IDENTITY_URL, config.INTERNAL_SECRET),
    inject: [BENEFICIARIES_CONFIG],
  },
  DataExportsRepository,
  DataExportContents,
  DataExportJob,
];
