export { YourData } from './components/your-data';
export * from './schemas';
