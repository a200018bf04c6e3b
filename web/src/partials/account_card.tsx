export { default } from '../features/billing/card-screen';
