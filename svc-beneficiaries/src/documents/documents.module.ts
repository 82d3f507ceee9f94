import { Module } from '@nestjs/common';
import { ChildGuardModule } from '../beneficiaries/child-guard.module';
import { ConsentsModule } from '../consents/consents.module';
import { FilesModule } from '../files/files.module';
import { DocumentsController } from './documents.controller';
import { DocumentsRepository } from './documents.repository';
import { DocumentsService } from './documents.service';

/** A child's documents and their files. */
@Module({
  imports: [ChildGuardModule, ConsentsModule, FilesModule],
  controllers: [DocumentsController],
  providers: [DocumentsRepository, DocumentsService],
  exports: [DocumentsRepository],
})
export class DocumentsModule {}
