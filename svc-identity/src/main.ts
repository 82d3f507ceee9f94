import { runMain } from '@kcf/server-kit';
import { parseIdentityConfig } from './config';
import { startIdentityService } from './start';

runMain('svc-identity', () => startIdentityService(parseIdentityConfig()));
