export { default } from '../features/published/share-dialog';
