import {
  Body,
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Put,
  Query,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { BENEFICIARIES_ERRORS, GiftBody, GiftFilterQuery, GiftListQuery, TOTAL_COUNT_HEADER } from '@kcf/contracts';
import { Access, CurrentUser, ZodValidationPipe, serveFile, type UserContext } from '@kcf/server-kit';
import type { Request, Response } from 'express';
import { recordIdParam } from '../access/visibility';
import type { UploadedFile as File } from '../files/file-types';
import { UploadInterceptor } from '../files/upload.interceptor';
import { GiftsService, type GiftPhotoSize } from './gifts.service';

const NOT_FOUND = BENEFICIARIES_ERRORS.giftNotFound;

@Controller('api/gifts')
export class GiftsController {
  constructor(private readonly gifts: GiftsService) {}

  @Get()
  @Access('readOwnBeneficiary')
  async list(
    @CurrentUser() user: UserContext,
    @Query(new ZodValidationPipe(GiftListQuery)) query: GiftListQuery,
    @Res({ passthrough: true }) res: Response,
  ) {
    const { items, total } = await this.gifts.list(user, query);
    res.setHeader(TOTAL_COUNT_HEADER, String(total));
    return items;
  }

  /** Before `:id`: how many gifts match the list's filters, and their amount. */
  @Get('totals')
  @Access('readOwnBeneficiary')
  totals(@CurrentUser() user: UserContext, @Query(new ZodValidationPipe(GiftFilterQuery)) query: GiftFilterQuery) {
    return this.gifts.totals(user, query);
  }

  @Post()
  @Access('write')
  @UseInterceptors(UploadInterceptor('giftPhoto', 'giftPhoto'))
  create(
    @CurrentUser() user: UserContext,
    @Body(new ZodValidationPipe(GiftBody)) body: GiftBody,
    @UploadedFile() file: File | undefined,
  ) {
    return this.gifts.create(user, body, file);
  }

  @Get(':id')
  @Access('readOwnBeneficiary')
  get(@CurrentUser() user: UserContext, @Param('id') id: string) {
    return this.gifts.get(user, recordIdParam(id, NOT_FOUND));
  }

  @Put(':id')
  @Access('write')
  @UseInterceptors(UploadInterceptor('giftPhoto', 'giftPhoto'))
  update(
    @Param('id') id: string,
    @Body(new ZodValidationPipe(GiftBody)) body: GiftBody,
    @UploadedFile() file: File | undefined,
  ) {
    return this.gifts.update(recordIdParam(id, NOT_FOUND), body, file);
  }

  @Delete(':id')
  @Access('delete')
  @HttpCode(200)
  async remove(@Param('id') id: string) {
    await this.gifts.remove(recordIdParam(id, NOT_FOUND));
    return { message: 'Gift deleted successfully' };
  }

  @Get(':id/photo')
  @Access('readOwnBeneficiary')
  photo(
    @CurrentUser() user: UserContext,
    @Param('id') id: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.send(user, id, 'photo', req, res);
  }

  /** A JPEG of the photo at most 800x336, for the gift's card (the photo itself for a gift stored before card images). */
  @Get(':id/photo/card')
  @Access('readOwnBeneficiary')
  card(
    @CurrentUser() user: UserContext,
    @Param('id') id: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.send(user, id, 'card', req, res);
  }

  private async send(user: UserContext, id: string, size: GiftPhotoSize, req: Request, res: Response) {
    const photo = await this.gifts.photo(user, recordIdParam(id, NOT_FOUND), size);
    return serveFile(req, res, photo.open, {
      contentType: photo.contentType,
      disposition: 'inline',
      downloadName: `gift-${id}${size === 'card' ? '-card' : ''}.${photo.contentType === 'image/png' ? 'png' : 'jpg'}`,
      etag: photo.etag,
    });
  }
}
