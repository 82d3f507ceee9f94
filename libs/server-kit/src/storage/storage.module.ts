import { Global, Inject, Injectable, Module, type DynamicModule, type OnApplicationShutdown } from '@nestjs/common';
import { join } from 'node:path';
import { createObjectStorage } from './create-object-storage';
import type { ObjectStorage } from './object-storage';

/** Inject with `@Inject(OBJECT_STORAGE) storage: ObjectStorage`. */
export const OBJECT_STORAGE = Symbol('ObjectStorage');

export interface StorageSettings {
  S3_ENDPOINT?: string;
  S3_ACCESS_KEY?: string;
  S3_SECRET_KEY?: string;
  S3_BUCKET: string;
  S3_REGION: string;
  DATA_DIR: string;
}

@Injectable()
class StorageLifecycle implements OnApplicationShutdown {
  constructor(@Inject(OBJECT_STORAGE) private readonly storage: ObjectStorage) {}
  async onApplicationShutdown(): Promise<void> {
    await this.storage.close();
  }
}

/**
 * The service's object storage from its config: S3/MinIO when S3_ENDPOINT is set, else local disk under
 * DATA_DIR/files/<service>. Keys a service writes start with its own prefix.
 */
@Global()
@Module({})
export class StorageModule {
  static forRoot(serviceName: string, settings: StorageSettings): DynamicModule {
    return {
      module: StorageModule,
      providers: [
        {
          provide: OBJECT_STORAGE,
          useFactory: () =>
            createObjectStorage({
              endpoint: settings.S3_ENDPOINT,
              accessKey: settings.S3_ACCESS_KEY,
              secretKey: settings.S3_SECRET_KEY,
              bucket: settings.S3_BUCKET,
              region: settings.S3_REGION,
              localRoot: join(settings.DATA_DIR, 'files', serviceName),
            }),
        },
        StorageLifecycle,
      ],
      exports: [OBJECT_STORAGE],
    };
  }
}
