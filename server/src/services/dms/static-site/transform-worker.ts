/* A worker thread of the static export's page transforms (transform-pool.ts). */
import { serveTasks } from '../../../core/thread-pool.js';
import { transformPage, type PageInput } from './transform.js';

serveTasks((input: PageInput) => transformPage(input));
