export { default } from '../features/legal/privacy-screen';
