// The foundation's calendar date at an instant is worked out in one place, the contracts, for every service and
// page; this name stays for the modules of this service that import it from here.
export { foundationToday } from '@kcf/contracts';
