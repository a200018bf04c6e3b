export { default } from '../features/account/account-screen';
