export { beneficiariesConfigSchema, parseBeneficiariesConfig, type BeneficiariesConfig } from './config';
export { startBeneficiariesService } from './start';
export { BeneficiariesModule } from './app.module';
