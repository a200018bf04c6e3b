export { default } from '../features/submissions/submissions-screen';
