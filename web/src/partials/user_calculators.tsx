export { default } from '../features/my-calcs/my-calcs-screen';
