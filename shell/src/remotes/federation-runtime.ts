import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';
import { RemoteLoader } from './remote-loader';
import { manifestReader, rememberedManifest } from './remote-manifest';

/** The shell's one loader, bound to the federation runtime the build set up. */
export const remoteLoader = new RemoteLoader(
  {
    registerRemotes: (remotes, options) => registerRemotes(remotes, options),
    loadRemote: (id) => loadRemote(id),
  },
  manifestReader(),
  rememberedManifest,
);
