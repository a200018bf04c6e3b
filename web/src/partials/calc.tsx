export { default } from '../features/published/calc-screen';
