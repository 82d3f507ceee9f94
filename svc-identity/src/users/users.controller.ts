import { Body, Controller, Delete, Get, HttpCode, Param, Patch, Post, Put, Query, Res } from '@nestjs/common';
import {
  CreateUserBody,
  ResetPasswordBody,
  TOTAL_COUNT_HEADER,
  UpdateUserBody,
  UserListQuery,
  UserStatusBody,
} from '@kcf/contracts';
import type { Response } from 'express';
import { Access, CurrentUser, ZodValidationPipe, type UserContext } from '@kcf/server-kit';
import { toPublicUser } from './user-row';
import { UserAdminService } from './user-admin.service';
import { UserIdPipe } from './user-id.pipe';

/** User Management (superadmins only): list (searched, filtered, paged), create, edit, (de)activate, delete. */
@Controller('api/users')
export class UsersController {
  constructor(private readonly admin: UserAdminService) {}

  @Get()
  @Access('manageUsers')
  async list(
    @Query(new ZodValidationPipe(UserListQuery)) query: UserListQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { rows, total } = await this.admin.list(query);
    res.setHeader(TOTAL_COUNT_HEADER, String(total));
    return rows.map(toPublicUser);
  }

  @Post()
  @Access('manageUsers')
  async create(@Body(new ZodValidationPipe(CreateUserBody)) body: CreateUserBody) {
    return toPublicUser(await this.admin.create(body));
  }

  @Put(':id')
  @Access('manageUsers')
  async update(@Param('id', UserIdPipe) id: string, @Body(new ZodValidationPipe(UpdateUserBody)) body: UpdateUserBody) {
    return toPublicUser(await this.admin.update(id, body));
  }

  @Patch(':id/status')
  @Access('manageUsers')
  async setStatus(
    @CurrentUser() actor: UserContext,
    @Param('id', UserIdPipe) id: string,
    @Body(new ZodValidationPipe(UserStatusBody)) body: UserStatusBody,
  ) {
    return toPublicUser(await this.admin.setStatus(actor.userId, id, body.isActive));
  }

  @Delete(':id')
  @Access('manageUsers')
  async remove(@CurrentUser() actor: UserContext, @Param('id', UserIdPipe) id: string) {
    await this.admin.remove(actor.userId, id);
    return { message: 'User deleted successfully' };
  }
}

/** A superadmin's reset of another user's password: a temporary one, to be changed at the next sign-in. */
@Controller('api/admin')
export class AdminController {
  constructor(private readonly admin: UserAdminService) {}

  @Put('reset-password/:id')
  @HttpCode(200)
  @Access('manageUsers')
  async resetPassword(
    @CurrentUser() actor: UserContext,
    @Param('id', UserIdPipe) id: string,
    @Body(new ZodValidationPipe(ResetPasswordBody)) body: ResetPasswordBody,
  ) {
    await this.admin.resetPassword(actor.userId, id, body.newPassword);
    return { message: 'Password reset successfully. User will be required to change password on next login.' };
  }
}
