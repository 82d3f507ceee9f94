import { runMain } from '@kcf/server-kit';
import { parseBeneficiariesConfig } from './config';
import { startBeneficiariesService } from './start';

runMain('svc-beneficiaries', () => startBeneficiariesService(parseBeneficiariesConfig()));
