import { Module } from '@nestjs/common';
import { StoredFiles } from './stored-files.service';

/** A child's stored files (photos, documents, gift photos): stored, read, and removed after the commit. */
@Module({
  providers: [StoredFiles],
  exports: [StoredFiles],
})
export class FilesModule {}
