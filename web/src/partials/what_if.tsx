export { default } from '../features/what-if/what-if';
