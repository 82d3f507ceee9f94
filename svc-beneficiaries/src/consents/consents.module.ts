import { Module } from '@nestjs/common';
import { ChildGuardModule } from '../beneficiaries/child-guard.module';
import { FilesModule } from '../files/files.module';
import { ConsentGate } from './consent-gate.service';
import { ConsentOverviewRepository } from './consent-overview.repository';
import { ConsentsController } from './consents.controller';
import { ConsentsRepository } from './consents.repository';
import { ConsentsService } from './consents.service';
import { PhotoConsentGraceJob } from './photo-consent-grace.job';

/** A child's consents, the gate other features ask (what a withdrawn consent stops), the photo consent's grace job. */
@Module({
  imports: [ChildGuardModule, FilesModule],
  controllers: [ConsentsController],
  providers: [ConsentsRepository, ConsentOverviewRepository, ConsentGate, ConsentsService, PhotoConsentGraceJob],
  exports: [ConsentsRepository, ConsentOverviewRepository, ConsentGate, ConsentsService],
})
export class ConsentsModule {}
