import { Module } from '@nestjs/common';
import { ChildGuardModule } from '../beneficiaries/child-guard.module';
import { ConsentsModule } from '../consents/consents.module';
import { FilesModule } from '../files/files.module';
import { GiftsController } from './gifts.controller';
import { GiftsRepository } from './gifts.repository';
import { GiftsService } from './gifts.service';

/** Gifts to children: the list and its totals, create, edit, delete, the gift's photo. */
@Module({
  imports: [ChildGuardModule, ConsentsModule, FilesModule],
  controllers: [GiftsController],
  providers: [GiftsRepository, GiftsService],
  exports: [GiftsRepository],
})
export class GiftsModule {}
