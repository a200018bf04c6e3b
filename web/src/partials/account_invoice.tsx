export { default } from '../features/billing/invoice-screen';
