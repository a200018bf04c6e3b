export { default } from '../features/published/embed-screen';
