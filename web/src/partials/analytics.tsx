export { default } from '../features/analytics/analytics-screen';
