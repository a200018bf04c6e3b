export { default } from '../features/editor/source-screen';
