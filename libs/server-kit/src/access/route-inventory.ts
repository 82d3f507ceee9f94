import { RequestMethod, type INestApplication } from '@nestjs/common';
import { INTERCEPTORS_METADATA, PATH_METADATA, METHOD_METADATA } from '@nestjs/common/constants.js';
import { DiscoveryService, MetadataScanner, Reflector } from '@nestjs/core';
import type { AccessLevel } from '@kcf/contracts';
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
}

function joinPath(...parts: (string | string[] | undefined)[]): string {
  const segs = parts
    .map((p) => (Array.isArray(p) ? p[0] : p) ?? '')
    .flatMap((p) => p.split('/'))
    .filter(Boolean);
  return '/' + segs.join('/');
}

/** Every route the application registered, with its declared access level (for the authorization matrix). */
export function listRoutes(app: INestApplication, globalPrefix = ''): RouteInfo[] {
  const discovery = app.get(DiscoveryService);
  const scanner = app.get(MetadataScanner);
  const reflector = app.get(Reflector);
  const routes: RouteInfo[] = [];
  for (const wrapper of discovery.getControllers()) {
    const instance = wrapper.instance as object | undefined;
    if (!instance || !wrapper.metatype) continue;
    const prefix = Reflect.getMetadata(PATH_METADATA, wrapper.metatype) as string | string[] | undefined;
    const proto = Object.getPrototypeOf(instance) as Record<string, unknown>;
    for (const name of scanner.getAllMethodNames(proto)) {
      const handler = proto[name] as (...args: unknown[]) => unknown;
      const path = Reflect.getMetadata(PATH_METADATA, handler) as string | string[] | undefined;
      const method = Reflect.getMetadata(METHOD_METADATA, handler) as RequestMethod | undefined;
      if (path === undefined || method === undefined) continue;
      routes.push({
        method: RequestMethod[method],
        path: joinPath(globalPrefix, prefix, path),
        access: reflector.getAllAndOverride<AccessLevel | undefined>(ACCESS_METADATA, [handler, wrapper.metatype]),
        controller: wrapper.metatype.name,
        handler: name,
        unitOfWorkInnermost: ((Reflect.getMetadata(INTERCEPTORS_METADATA, handler) as unknown[] | undefined) ?? []).at(-1) === UnitOfWorkInterceptor,
      });
    }
  }
  return routes;
}
