import { Module } from '@nestjs/common';
import { ConsentsModule } from '../consents/consents.module';
import { FilesModule } from '../files/files.module';
import { BeneficiariesController } from './beneficiaries.controller';
import { BeneficiariesService } from './beneficiaries.service';
import { BeneficiaryExportRepository } from './beneficiary-export.repository';
import { BeneficiaryExportService } from './beneficiary-export.service';
import { BeneficiaryImportRepository } from './beneficiary-import.repository';
import { BeneficiaryImportService } from './beneficiary-import.service';
import { BeneficiaryListRepository } from './beneficiary-list.repository';
import { BirthCertificatesController } from './birth-certificates.controller';
import { ChildGuardModule } from './child-guard.module';

/** The children: the list, register, edit, delete, the CSV export and import, birth certificates. */
@Module({
  imports: [ChildGuardModule, ConsentsModule, FilesModule],
  // The export and import routes come before `:id` in BeneficiariesController.
  controllers: [BeneficiariesController, BirthCertificatesController],
  providers: [
    BeneficiaryListRepository,
    BeneficiaryExportRepository,
    BeneficiaryImportRepository,
    BeneficiariesService,
    BeneficiaryExportService,
    BeneficiaryImportService,
  ],
})
export class ChildrenModule {}
