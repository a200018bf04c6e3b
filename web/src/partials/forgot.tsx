export { default } from '../features/account/forgot-screen';
