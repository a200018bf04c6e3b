export { default } from '../features/billing/pricing-screen';
