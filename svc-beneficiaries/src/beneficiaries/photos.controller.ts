import {
  Controller,
  Delete,
  Get,
  HttpCode,
  Param,
  Post,
  Req,
  Res,
  UploadedFile,
  UseInterceptors,
} from '@nestjs/common';
import { Access, CurrentUser, serveFile, type UserContext } from '@kcf/server-kit';
import type { Request, Response } from 'express';
import { beneficiaryIdParam } from '../access/visibility';
import type { UploadedFile as File } from '../files/file-types';
import { UploadInterceptor } from '../files/upload.interceptor';
import { PhotosService } from './photos.service';

/** The child's photo (multipart field `photo`, JPG/PNG up to 1MB) and its thumbnail; uploads answer with the updated child. */
@Controller('api/beneficiaries/:id/photo')
export class PhotosController {
  constructor(private readonly photos: PhotosService) {}

  @Post()
  @Access('write')
  @HttpCode(200)
  @UseInterceptors(UploadInterceptor('photo', 'photo'))
  upload(@Param('id') id: string, @UploadedFile() file: File | undefined) {
    return this.photos.upload(beneficiaryIdParam(id), file);
  }

  @Get()
  @Access('readOwnBeneficiary')
  serve(
    @CurrentUser() user: UserContext,
    @Param('id') id: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.send(user, id, 'photo', req, res);
  }

  /** A 128x128 JPEG of the photo, for lists and cards. */
  @Get('thumbnail')
  @Access('readOwnBeneficiary')
  thumbnail(
    @CurrentUser() user: UserContext,
    @Param('id') id: string,
    @Req() req: Request,
    @Res({ passthrough: true }) res: Response,
  ) {
    return this.send(user, id, 'thumbnail', req, res);
  }

  @Delete()
  @Access('delete')
  remove(@Param('id') id: string) {
    return this.photos.remove(beneficiaryIdParam(id));
  }

  private async send(user: UserContext, id: string, size: 'photo' | 'thumbnail', req: Request, res: Response) {
    const photo = await this.photos.find(user, beneficiaryIdParam(id), size);
    return serveFile(req, res, photo.open, {
      contentType: photo.contentType,
      disposition: 'inline',
      downloadName: `${id}${size === 'thumbnail' ? '-thumbnail' : ''}.${photo.contentType === 'image/png' ? 'png' : 'jpg'}`,
      etag: photo.etag,
    });
  }
}
