export { default } from '../features/auth/auth-dialog';
