import { RequestMethod, type INestApplication } from '@nestjs/common';
import {
  INTERCEPTORS_METADATA,
  PATH_METADATA,
  METHOD_METADATA,
  ROUTE_ARGS_METADATA,
} from '@nestjs/common/constants.js';
import { RouteParamtypes } from '@nestjs/common/enums/route-paramtypes.enum.js';
import { MetadataScanner, ModulesContainer, Reflector } from '@nestjs/core';
import type { z } from 'zod';
import type { AccessLevel } from '@kcf/contracts';
import { ZodValidationPipe } from '../http/zod-validation.pipe';
import { UnitOfWorkInterceptor } from '../unit-of-work/unit-of-work.interceptor';
import { ACCESS_METADATA } from './access.decorator';

export interface RouteInfo {
  method: string;
  path: string;
  access: AccessLevel | undefined;
  controller: string;
  handler: string;
  /** The route's last interceptor is the unit of work, so it runs after the route's own (body parsing). */
  unitOfWorkInnermost: boolean;
  /** The schema its `@Query` is validated with (a `ZodValidationPipe`), if any. */
  query?: z.ZodType;
  /** The schema its `@Body` is validated with (a `ZodValidationPipe`), if any; a body validated in the handler has none here. */
  body?: z.ZodType;
}

function joinPath(...parts: (string | string[] | undefined)[]): string {
  const segs = parts
    .map((p) => (Array.isArray(p) ? p[0] : p) ?? '')
    .flatMap((p) => p.split('/'))
    .filter(Boolean);
  return '/' + segs.join('/');
}

interface RouteArgument {
  index: number;
  pipes?: unknown[];
}

/** The zod schema of a handler's whole `@Query()` or `@Body()` (`ZodValidationPipe`), if it has one. */
function schemaOf(args: Record<string, RouteArgument> | undefined, type: RouteParamtypes): z.ZodType | undefined {
  for (const [key, arg] of Object.entries(args ?? {})) {
    if (key.split(':')[0] !== String(type)) continue;
    const pipe = arg.pipes?.find((p): p is ZodValidationPipe<z.ZodType> => p instanceof ZodValidationPipe);
    if (pipe) return pipe.schema;
  }
  return undefined;
}

/**
 * Every route the application registered, with its declared access level and the schemas of its query and
 * body (for the authorization matrix and the input fuzz). Works on any Nest app: a service or the gateway.
 */
export function listRoutes(app: INestApplication, globalPrefix = ''): RouteInfo[] {
  const scanner = new MetadataScanner();
  const reflector = app.get(Reflector);
  const routes: RouteInfo[] = [];
  const seen = new Set<unknown>();
  for (const module of app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const instance = wrapper.instance as object | undefined;
      if (!instance || !wrapper.metatype || seen.has(wrapper.metatype)) continue;
      seen.add(wrapper.metatype);
      const prefix = Reflect.getMetadata(PATH_METADATA, wrapper.metatype) as string | string[] | undefined;
      const proto = Object.getPrototypeOf(instance) as Record<string, unknown>;
      for (const name of scanner.getAllMethodNames(proto)) {
        const handler = proto[name] as (...args: unknown[]) => unknown;
        const path = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
        const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
        if (path === undefined || method === undefined) continue;
        const args = Reflect.getMetadata(ROUTE_ARGS_METADATA, wrapper.metatype, name) as
          Record<string, RouteArgument> | undefined;
        routes.push({
          method: RequestMethod[method],
          path: joinPath(globalPrefix, prefix, path),
          access: reflector.getAllAndOverride<AccessLevel | undefined>(ACCESS_METADATA, [handler, wrapper.metatype]),
          controller: wrapper.metatype.name,
          handler: name,
          unitOfWorkInnermost:
            ((Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[] | undefined) ?? []).at(-1) ===
            UnitOfWorkInterceptor,
          query: schemaOf(args, RouteParamtypes.QUERY),
          body: schemaOf(args, RouteParamtypes.BODY),
        });
      }
    }
  }
  return routes;
}
