export { PricingFail as default } from '../features/billing/result-screen';
