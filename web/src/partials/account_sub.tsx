export { default } from '../features/billing/sub-screen';
