export { PricingPass as default } from '../features/billing/result-screen';
