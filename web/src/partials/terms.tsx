export { default } from '../features/legal/terms-screen';
