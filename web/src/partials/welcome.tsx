export { default } from '../features/welcome/welcome-screen';
