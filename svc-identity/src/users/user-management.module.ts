import { Module } from '@nestjs/common';
import { InternalClient } from '@kcf/server-kit';
import { HttpLinkedChildCheck, LINKED_CHILD_CHECK } from '../beneficiaries/linked-child';
import { IDENTITY_CONFIG, type IdentityConfig } from '../config';
import { RecordsModule } from '../records/records.module';
import { SessionsModule } from '../sessions/sessions.module';
import { UserAdminService } from './user-admin.service';
import { AdminController, UsersController } from './users.controller';
import { UsersModule } from './users.module';

/** User Management: the list, create, edit, (de)activate, delete and the admin's password reset. */
@Module({
  imports: [UsersModule, SessionsModule, RecordsModule],
  controllers: [UsersController, AdminController],
  providers: [
    {
      provide: LINKED_CHILD_CHECK,
      useFactory: (config: IdentityConfig) =>
        new HttpLinkedChildCheck(new InternalClient(config.BENEFICIARIES_URL, config.INTERNAL_SECRET, 'identity')),
      inject: [IDENTITY_CONFIG],
    },
    UserAdminService,
  ],
})
export class UserManagementModule {}
