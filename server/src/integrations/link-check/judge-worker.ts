/* A worker thread of the link checks' judge pool (judge-pool.ts). */
import { serveTasks } from '../../core/thread-pool.js';
import { judgeAnswer } from './judge.js';
import type { JudgeInput } from './types.js';

serveTasks((input: JudgeInput) => judgeAnswer(input));
