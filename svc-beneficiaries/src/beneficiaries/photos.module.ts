import { Module } from '@nestjs/common';
import { ConsentsModule } from '../consents/consents.module';
import { FilesModule } from '../files/files.module';
import { BeneficiaryPhotosRepository } from './beneficiary-photos.repository';
import { ChildGuardModule } from './child-guard.module';
import { PhotosController } from './photos.controller';
import { PhotosService } from './photos.service';

/** A child's photo and its thumbnail (only with the photo consent). */
@Module({
  imports: [ChildGuardModule, ConsentsModule, FilesModule],
  controllers: [PhotosController],
  providers: [BeneficiaryPhotosRepository, PhotosService],
})
export class PhotosModule {}
